// The model's side of the one turn every artifact case runs: the first request is answered with a
// call of the shell tool the request offers (whichever form this generation and wire offer), the
// request carrying its output with a streamed text, and the turn ends. The command prints
// `artifact-42` through the shell's arithmetic, so the number reaches the model only if the command ran.
import {
  echoResponder,
  emptyReply,
  functionCallReply,
  textReply,
  type CapturedRequest,
  type MockReply,
} from '../../../src/testing/index.js';
import {
  anthropicTextReply,
  anthropicToolUseReply,
  chatTextReply,
  chatToolCallReply,
  jsonError,
  type CapturedWireRequest,
  type RawReply,
} from '../../support/mock-wire-servers.js';

export const TOOL_OUTPUT = 'artifact-42';
export const FINAL_TEXT = 'The artifact turn is done.';
const SCRIPT = 'echo artifact-$((6*7))';

/** The shell call for the first tool of `offered` that runs a command, or undefined. */
export function shellCall(offered: readonly string[], tty = false): { name: string; args: Record<string, unknown> } | undefined {
  if (offered.includes('exec_command')) return { name: 'exec_command', args: { cmd: SCRIPT, ...(tty ? { tty: true } : {}) } };
  if (offered.includes('shell_command')) return { name: 'shell_command', args: { command: SCRIPT } };
  if (offered.includes('shell')) return { name: 'shell', args: { command: ['bash', '-c', SCRIPT] } };
  return undefined;
}

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const toolNames = (body: unknown, nameOf: (tool: Record<string, unknown>) => unknown): string[] => {
  const tools = record(body)['tools'];
  return Array.isArray(tools) ? tools.map((t) => nameOf(record(t))).filter((n): n is string => typeof n === 'string') : [];
};

/** The Responses wire (HTTP SSE or WebSocket): `tty` asks exec_command for a terminal (node-pty). */
export function responsesModel(tty = false): (req: CapturedRequest, index: number) => MockReply {
  return (req, index) => {
    if (!req.path.endsWith('/responses')) return echoResponder(req, index);
    if (record(req.body)['generate'] === false) return emptyReply();
    if (req.rawBody.includes(TOOL_OUTPUT)) return textReply(FINAL_TEXT);
    const call = shellCall(toolNames(req.body, (t) => t['name']), tty);
    if (call === undefined) return textReply('no shell tool was offered');
    return functionCallReply(call.name, call.args, 'call_artifact_1');
  };
}

/** The Chat Completions wire. */
export function chatModel(req: CapturedWireRequest): RawReply {
  if (!req.path.endsWith('/chat/completions')) return jsonError(404, 'not_found', `no route ${req.path}`);
  if (req.rawBody.includes(TOOL_OUTPUT)) return chatTextReply(FINAL_TEXT);
  const call = shellCall(toolNames(req.body, (t) => record(t['function'])['name']));
  return call === undefined ? chatTextReply('no shell tool was offered') : chatToolCallReply(call.name, call.args, 'call_artifact_1');
}

/** The Anthropic Messages wire. */
export function anthropicModel(req: CapturedWireRequest): RawReply {
  if (!req.path.endsWith('/messages')) return jsonError(404, 'not_found_error', `no route ${req.path}`);
  if (req.rawBody.includes(TOOL_OUTPUT)) return anthropicTextReply(FINAL_TEXT);
  const call = shellCall(toolNames(req.body, (t) => t['name']));
  return call === undefined ? anthropicTextReply('no shell tool was offered') : anthropicToolUseReply(call.name, call.args, 'toolu_artifact_1');
}
