// A user's shell command (`thread/shellCommand`) as clients see it, in Codex 0.169's notifications: a
// `commandExecution` item of source `userShell` started, its output as
// `item/commandExecution/outputDelta` chunk by chunk, and the item completed with the output, exit
// code and duration (failed when the exit code is not 0). The item shows the argv as Codex displays
// it (`/bin/bash -lc '…'`) and the script as its one action (weft does not classify commands).
import type { ThreadItem } from '../../protocol/app-server/common.js';
import type { UserShellCommandView, UserShellListener } from '../thread/user-shell-command.js';
import type { Notify } from './turn-notifier.js';

type CommandItem = Extract<ThreadItem, { type: 'commandExecution' }>;

function item(view: UserShellCommandView, status: CommandItem['status'], end?: { exitCode: number; aggregatedOutput: string; durationMs: number }): CommandItem {
  return {
    type: 'commandExecution',
    id: view.callId,
    command: view.command,
    cwd: view.cwd,
    processId: null,
    source: 'userShell',
    status,
    commandActions: [{ type: 'unknown', command: view.script }],
    aggregatedOutput: end?.aggregatedOutput ?? null,
    exitCode: end?.exitCode ?? null,
    durationMs: end === undefined ? null : Math.round(end.durationMs),
  };
}

/** Reports the command's item under `turnId` of `threadId`. */
export function userShellNotifications(notify: Notify, threadId: string, turnId: string): UserShellListener {
  return {
    started: (view) => notify('item/started', { item: item(view, 'inProgress'), threadId, turnId }),
    output: (view, delta) => notify('item/commandExecution/outputDelta', { threadId, turnId, itemId: view.callId, delta }),
    finished: (view, end) => notify('item/completed', { item: item(view, end.exitCode === 0 ? 'completed' : 'failed', end), threadId, turnId }),
  };
}
