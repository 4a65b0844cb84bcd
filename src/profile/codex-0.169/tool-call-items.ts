// The completed items 0.169 records for its own tools, in the recorded field order: a command that
// ran to its end (`CommandExecution`; a command the sandbox refused at once has no end event, so no
// item), a patch that was written (`FileChange`, an update as `@@` hunks with one line of
// context), an image handed to the model (`ImageView`) and a wait for agents that ended
// (`CollabAgentToolCall`, tool `wait`: multi-agent v2 records no other collaboration call so; a
// spawn, message, task or interrupt is a `SubAgentActivity` item instead). Paths are `file://` URIs.
import { pathToFileURL } from 'node:url';
import type { CollabAgentToolCallTurnItem, CommandExecutionTurnItem, FileChangeTurnItem, ImageViewTurnItem, ToolTurnItem } from '../../../protocol/rollout-events.js';
import { changeDiff } from '../../tools/apply-patch/change-diff.js';
import type { ToolItemRecord } from '../../thread/tool-item-records.js';

/** Milliseconds as Rust's Duration (`secs`, `nanos`). */
export function rustDuration(ms: number): { secs: number; nanos: number } {
  const nanos = Math.max(0, Math.round(ms * 1e6));
  return { secs: Math.floor(nanos / 1e9), nanos: nanos % 1e9 };
}

function commandItem(end: Extract<ToolItemRecord, { kind: 'command' }>['end']): CommandExecutionTurnItem {
  // The shell's script (`bash -lc SCRIPT`) is what Codex parses; weft does not classify it.
  const script = end.argv.length === 3 ? (end.argv[2] as string) : end.command;
  return {
    type: 'CommandExecution',
    id: end.callId,
    process_id: String(end.processId),
    command: [...end.argv],
    cwd: pathToFileURL(end.cwd).href,
    parsed_cmd: [{ type: 'unknown', cmd: script }],
    source: 'unified_exec_startup',
    status: end.exitCode === 0 ? 'completed' : 'failed',
    aggregated_output: end.aggregatedOutput,
    exit_code: end.exitCode,
    duration: rustDuration(end.durationMs),
  };
}

/** A user's shell command as 0.169 records it: no process, source `user_shell`. */
function userShellItem(record: Extract<ToolItemRecord, { kind: 'user_shell' }>): CommandExecutionTurnItem {
  return {
    type: 'CommandExecution',
    id: record.callId,
    command: [...record.argv],
    cwd: pathToFileURL(record.cwd).href,
    parsed_cmd: [{ type: 'unknown', cmd: record.script }],
    source: 'user_shell',
    status: record.exitCode === 0 ? 'completed' : 'failed',
    aggregated_output: record.aggregatedOutput,
    exit_code: record.exitCode,
    duration: rustDuration(record.durationMs),
  };
}

function fileChangeItem(record: Extract<ToolItemRecord, { kind: 'file_change' }>): FileChangeTurnItem {
  const changes: FileChangeTurnItem['changes'] = {};
  for (const c of record.changes) {
    changes[c.path] = c.kind === 'update' ? { type: 'update', unified_diff: changeDiff(c), move_path: c.movePath ?? null } : { type: c.kind, content: changeDiff(c) };
  }
  return { type: 'FileChange', id: record.callId, changes, status: 'completed', stdout: record.stdout, stderr: '' };
}

function imageViewItem(record: Extract<ToolItemRecord, { kind: 'image_view' }>): ImageViewTurnItem {
  return { type: 'ImageView', id: record.callId, path: pathToFileURL(record.path).href };
}

/** A wait_agent call that ended, as multi-agent v2 records it: the waiting thread, nobody named, no states. */
function waitItem(record: Extract<ToolItemRecord, { kind: 'agent_wait' }>, threadId: string): CollabAgentToolCallTurnItem {
  return { type: 'CollabAgentToolCall', id: record.callId, tool: 'wait', status: 'completed', sender_thread_id: threadId, receiver_thread_ids: [], receiver_agents: [], agents_states: {} };
}

/** The item to record for a tool call's end (by thread `threadId`), with how long it took; undefined when 0.169 records none. */
export function toolTurnItem(record: ToolItemRecord, threadId: string): { item: ToolTurnItem; durationMs: number } | undefined {
  switch (record.kind) {
    case 'agent_wait':
      return { item: waitItem(record, threadId), durationMs: record.durationMs };
    case 'command':
      return { item: commandItem(record.end), durationMs: record.end.durationMs };
    case 'file_change':
      return { item: fileChangeItem(record), durationMs: 0 };
    case 'image_view':
      return { item: imageViewItem(record), durationMs: 0 };
    case 'user_shell':
      return { item: userShellItem(record), durationMs: record.durationMs };
  }
}
