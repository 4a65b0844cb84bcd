// A codex-0.169 fork's rollout: one session_meta line that points at the parent (`history_base`:
// thread, end ordinal, end byte offset) instead of a copy of the parent's lines. The fork's own lines
// continue the parent's ordinals. A cut before the N-th user message ends the base where that turn
// began (its opening context and events included). A whole fork reads only the parent's head and
// tail (fork-tail.ts), so its cost does not depend on the parent's size.
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { RolloutError, UsageError, errorMessage } from '../../errors.js';
import type { ForkRolloutOptions, ForkRolloutResult } from '../../rollout/store/fork-policy.js';
import { rolloutPath } from '../../rollout/store/paths.js';
import { readRolloutPrefix } from '../../rollout/store/prefix.js';
import { readRolloutHead } from '../../rollout/store/head.js';
import { readRollout, type RolloutRecord } from '../../rollout/format/reader.js';
import { rolloutTimestamp } from '../../rollout/format/writer.js';
import { messageKind } from '../../rollout/format/user-message-kind.js';
import { newThreadId } from '../../rollout/store/thread-id.js';
import { sessionMeta0169 } from './session-meta.js';
import { threadRecordsState } from './thread-records.js';
import { parentTail } from './fork-tail.js';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../../rollout/store/file-modes.js';
import { knownEventOf } from '../../rollout/format/known-events.js';
import type { SessionMeta } from '../../../protocol/rollout.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lines a turn writes before its prompt: they belong to that turn and go with it. */
function opensTurn(record: RolloutRecord, prefixes: readonly string[]): boolean {
  const { line } = record;
  if (line.type === 'world_state' || line.type === 'turn_context') return true;
  const event = knownEventOf(line)?.type;
  if (event !== undefined) return event === 'task_started' || event === 'thread_settings_applied';
  return line.type === 'response_item' && messageKind(line.payload, prefixes) === 'turn-context';
}

/** Index of the first parent line the fork leaves out (records.length: none). */
export function forkCutIndex(records: readonly RolloutRecord[], cutBeforeUserMessage: number | undefined, prefixes: readonly string[]): number {
  if (cutBeforeUserMessage === undefined) return records.length;
  let seen = 0;
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as RolloutRecord;
    if (record.line.type !== 'response_item' || messageKind(record.line.payload, prefixes) !== 'user-input') continue;
    if (seen++ < cutBeforeUserMessage) continue;
    let cut = i;
    while (cut > 1 && opensTurn(records[cut - 1] as RolloutRecord, prefixes)) cut--;
    return cut;
  }
  throw new UsageError(`cannot fork before user message ${cutBeforeUserMessage}: the thread has only ${seen}`);
}

interface ForkPoint {
  readonly parentMeta: SessionMeta;
  readonly endOrdinal: number;
  readonly endByteOffset: number;
  readonly multiAgentVersion: string | undefined;
}

/** Where the fork leaves its parent: from the parent's head and tail for a whole fork, else from its lines. */
async function forkPoint(options: ForkRolloutOptions): Promise<ForkPoint> {
  const { parentPath } = options;
  if (options.cutBeforeUserMessage === undefined) {
    const [head, tail] = await Promise.all([readRolloutHead(parentPath), parentTail(parentPath)]);
    const meta = head.sessionMeta;
    if (meta && tail) {
      const version = tail.multiAgentVersion ?? (typeof meta.multi_agent_version === 'string' ? meta.multi_agent_version : undefined);
      return { parentMeta: meta, endOrdinal: tail.endOrdinal, endByteOffset: tail.endByteOffset, multiAgentVersion: version };
    }
  }
  // A cut needs the lines up to the user message it is made before, and no further.
  const n = options.cutBeforeUserMessage;
  let seen = 0;
  const prefixes = options.contextPrefixes ?? [];
  const parent =
    n === undefined
      ? await readRollout(parentPath)
      : (await readRolloutPrefix(parentPath, (r) => r.line.type === 'response_item' && messageKind(r.line.payload, prefixes) === 'user-input' && seen++ >= n)).records;
  const first = parent[0];
  if (first?.line.type !== 'session_meta') throw new RolloutError(`${parentPath}: no session_meta line; cannot fork`, parentPath);
  const cut = forkCutIndex(parent, n, prefixes);
  const kept = parent.slice(0, cut);
  const last = kept[kept.length - 1] as RolloutRecord;
  const lastOrdinal = last.line.ordinal;
  return {
    parentMeta: first.line.payload,
    endOrdinal: typeof lastOrdinal === 'number' ? lastOrdinal + 1 : kept.length,
    endByteOffset: last.offset + last.length + 1,
    multiAgentVersion: threadRecordsState(kept).multiAgentVersion,
  };
}

export async function forkRollout0169(options: ForkRolloutOptions): Promise<ForkRolloutResult> {
  const { parentMeta, endOrdinal, endByteOffset, multiAgentVersion } = await forkPoint(options);
  const now = options.now ?? new Date();
  const base: unknown = parentMeta.base_instructions;
  const provenance: unknown = isObj(base) ? base.provenance : undefined;
  const payload = sessionMeta0169(
    { ...options.newSessionMeta, id: options.newId, forked_from_id: parentMeta.id, timestamp: options.newSessionMeta.timestamp ?? rolloutTimestamp(now) },
    {
      runtimeWorkspaceRoots: Array.isArray(parentMeta.runtime_workspace_roots) ? (parentMeta.runtime_workspace_roots as string[]) : [options.newSessionMeta.cwd],
      threadSource: typeof parentMeta.thread_source === 'string' ? parentMeta.thread_source : undefined,
      instructionsModel: isObj(provenance) && typeof provenance.model === 'string' ? provenance.model : undefined,
      contextWindowId: newThreadId(),
      forkedFromOrdinalExclusive: endOrdinal,
      historyBase: { threadId: parentMeta.id, endOrdinalExclusive: endOrdinal, endByteOffset },
      multiAgentVersion: multiAgentVersion ?? 'v1',
    },
  );
  const line = `{"timestamp":${JSON.stringify(rolloutTimestamp(now))},"ordinal":${endOrdinal},"type":"session_meta","payload":${JSON.stringify(payload)}}\n`;
  const path = rolloutPath(options.home, options.newId, now);
  try {
    await mkdir(dirname(path), PRIVATE_DIRS);
    const fh = await open(path, 'wx', PRIVATE_FILE_MODE);
    try {
      await fh.writeFile(line);
      await fh.datasync();
    } finally {
      await fh.close();
    }
  } catch (err) {
    throw new RolloutError(`cannot create fork rollout ${path}: ${errorMessage(err)}`, path, { cause: err });
  }
  return { path, id: options.newId, parentId: parentMeta.id, copiedBytes: 0 };
}
