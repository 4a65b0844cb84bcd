// The stderr line a thread event gives on a terminal (progress, warnings, errors), shared by the
// commands that run turns. Assistant text is not progress: each command prints it its own way.
import type { ThreadEvent } from '../thread/thread-events.js';

export function progressLine(event: ThreadEvent): string | undefined {
  switch (event.type) {
    case 'thread_started':
      return `thread ${event.threadId}\nrollout ${event.rolloutPath}`;
    case 'command_started':
      return `$ ${event.command}`;
    case 'mcp_call_started':
      return `mcp ${event.server}.${event.tool}`;
    case 'file_change_finished': {
      // A, M, D per file, as git and the patch summary list them; a move shows its target.
      const mark = { add: 'A', update: 'M', delete: 'D' } as const;
      const files = event.changes.map((c) => `${mark[c.kind]} ${c.movePath ?? c.path}`).join('\n  ');
      return event.status === 'completed' ? `apply_patch:\n  ${files}` : `apply_patch ${event.status}:\n  ${files}`;
    }
    // One line per compaction, when it is done.
    case 'compaction_finished':
      return `compacted the history: about ${event.tokensBefore} → ${event.tokensAfter} tokens`;
    case 'warning':
      return `warning: ${event.message}`;
    case 'approval_unavailable':
      return `weft: ${event.message}`;
    case 'retrying':
      return `retrying (${event.retry}/${event.maxRetries}): ${event.reason}`;
    case 'turn_failed':
      return `error: ${event.message}`;
    case 'turn_interrupted':
      return 'interrupted';
    default:
      return undefined;
  }
}
