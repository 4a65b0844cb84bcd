// The editor's own files and terminals as the ports a session's tools use (tools/workspace-ports.ts),
// for what the editor offered at `initialize`: `fs.readTextFile` (the model's patches read the
// editor's buffers, unsaved changes included), `fs.writeTextFile` (its edits land in the editor) and
// `terminal` (its commands run in the editor's terminals). What it did not offer stays weft's own.
import type * as acp from '@agentclientprotocol/sdk';
import type { WorkspacePorts } from '../tools/workspace-ports.js';
import { startEditorTerminal } from './editor-terminal.js';

/** Told when a tool call's command got a terminal of the editor (to show it on that call). */
export type TerminalCreated = (callId: string, terminalId: string) => void;

export function editorWorkspace(
  client: acp.AgentContext,
  capabilities: acp.ClientCapabilities | undefined,
  sessionId: string,
  onTerminal: TerminalCreated,
): WorkspacePorts | undefined {
  const reads = capabilities?.fs?.readTextFile === true;
  const writes = capabilities?.fs?.writeTextFile === true;
  const terminals = capabilities?.terminal === true;
  if (!reads && !writes && !terminals) return undefined;
  return {
    files:
      reads || writes
        ? {
            readTextFile: reads ? async (path) => (await client.request('fs/read_text_file', { sessionId, path })).content : undefined,
            writeTextFile: writes
              ? async (path, content) => {
                  await client.request('fs/write_text_file', { sessionId, path, content });
                }
              : undefined,
          }
        : undefined,
    commands: terminals ? { start: (command) => startEditorTerminal(client, sessionId, command, (id) => onTerminal(command.callId, id)) } : undefined,
  };
}
