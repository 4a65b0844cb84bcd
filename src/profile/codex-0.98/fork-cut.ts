// Where a codex-0.98 fork of a rollout ends (fork-rollout.ts copies the parent up to there).
//
// A cut at N: Codex 0.98 counts "user messages" as the response_item messages that are real user
// input (not the injected environment / AGENTS.md / developer context), after applying
// `thread_rolled_back` events (a rollback of k turns forgets the last k of them), and cuts exactly at
// that item. That leaves the developer and context messages injected for turn N at the end of the
// fork, as if turn N had started without its prompt. weft cuts before the first line of turn N
// instead: it moves the cut back over the run of injected-context messages directly before the user
// message, so the fork ends exactly where turn N-1 ended and its history is consistent.
//
// Cost: the parent is streamed in chunks; a line is JSON-parsed only when a substring test says it
// may be a message item or a rollback event, and line scanning stops at the cut. The rest of the
// parent is then only searched byte-wise for a rollback marker (which could move the cut later). A
// whole fork parses nothing: it ends at the parent's last complete line (a torn last line is not
// carried over).
import { UsageError } from '../../errors.js';
import type { RolloutFile } from '../../rollout/format/file.js';
import { eachLine } from '../../rollout/format/lines.js';
import { messageKind } from '../../rollout/format/user-message-kind.js';

const CHUNK = 1024 * 1024;
const NL = 0x0a;
const ROLLBACK_NEEDLE = Buffer.from('"thread_rolled_back"');

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type LineClass = { kind: 'user-input' | 'turn-context' | 'other' } | { kind: 'rollback'; turns: number };

const OTHER: LineClass = { kind: 'other' };

/** Classifies a line, parsing it only when cheap substring tests say it may matter. */
function classify(line: Buffer, contextPrefixes: readonly string[]): LineClass {
  const maybeMessage = line.includes('"response_item"') && line.includes('"message"');
  const maybeRollback = !maybeMessage && line.includes(ROLLBACK_NEEDLE);
  if (!maybeMessage && !maybeRollback) return OTHER;
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    return OTHER;
  }
  if (!isRecord(value)) return OTHER;
  if (value.type === 'response_item') return { kind: messageKind(value.payload, contextPrefixes) };
  const p = value.payload;
  if (value.type === 'event_msg' && isRecord(p) && p.type === 'thread_rolled_back') {
    const n = typeof p.num_turns === 'number' && Number.isFinite(p.num_turns) ? Math.max(0, Math.floor(p.num_turns)) : 0;
    return { kind: 'rollback', turns: n };
  }
  return OTHER;
}

/** Reads a rollout's lines in order, keeping the turn-start offsets; can stop and go on later. */
class TurnStartScanner {
  readonly starts: number[] = [];
  private runStart: number | undefined;
  /** File offset of the next unread line. */
  pos = 0;

  constructor(
    private readonly file: RolloutFile,
    private readonly contextPrefixes: readonly string[],
  ) {}

  private onLine(line: Buffer, offset: number): boolean {
    const c = classify(line, this.contextPrefixes);
    if (c.kind === 'turn-context') {
      this.runStart ??= offset;
      return false;
    }
    if (c.kind === 'user-input') {
      this.starts.push(this.runStart ?? offset);
    } else if (c.kind === 'rollback') {
      this.starts.length = Math.max(0, this.starts.length - c.turns);
    }
    this.runStart = undefined;
    return c.kind === 'user-input';
  }

  /** Scans until `enough()` holds right after a user message, or the file ends. */
  async scan(enough: () => boolean): Promise<void> {
    await eachLine(
      this.file,
      (buf, start, end, offset, terminated) => {
        this.pos = offset + (end - start) + (terminated ? 1 : 0);
        return this.onLine(buf.subarray(start, end), offset) && enough();
      },
      { from: this.pos },
    );
  }
}

/** True when `needle` occurs in the file at or after `from` (byte search, no parsing). */
async function containsFrom(file: RolloutFile, size: number, from: number, needle: Buffer): Promise<boolean> {
  const buf = Buffer.alloc(CHUNK + needle.length);
  let keep = 0;
  for (let pos = from; pos < size; ) {
    const bytesRead = await file.readInto(buf.subarray(keep), pos, Math.min(CHUNK, size - pos));
    if (bytesRead === 0) break;
    const filled = keep + bytesRead;
    if (buf.subarray(0, filled).includes(needle)) return true;
    keep = Math.min(needle.length - 1, filled);
    buf.copy(buf, 0, filled - keep, filled);
    pos += bytesRead;
  }
  return false;
}

/** Offset just past the last `\n`: the end of the last complete line (0 when there is none). */
async function endOfLastCompleteLine(file: RolloutFile, size: number): Promise<number> {
  const buf = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - buf.length);
    const bytesRead = await file.readInto(buf, start, end - start);
    const nl = buf.subarray(0, bytesRead).lastIndexOf(NL);
    if (nl !== -1) return start + nl + 1;
    end = start;
  }
  return 0;
}

/** Where the copy of the parent ends. */
export async function forkCopyEnd(
  file: RolloutFile,
  size: number,
  parentPath: string,
  n: number | undefined,
  contextPrefixes: readonly string[],
): Promise<number> {
  if (n === undefined) return endOfLastCompleteLine(file, size);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`cutBeforeUserMessage must be a non-negative integer, got ${n}`);
  const scanner = new TurnStartScanner(file, contextPrefixes);
  await scanner.scan(() => scanner.starts.length > n);
  // A later rollback could drop the N-th message from the effective history: then scan on.
  if (scanner.starts.length > n && (await containsFrom(file, size, scanner.pos, ROLLBACK_NEEDLE))) {
    await scanner.scan(() => false);
  }
  const cut = scanner.starts[n];
  if (cut === undefined) {
    throw new UsageError(`cannot fork ${parentPath} before user message ${n} (0-based): the thread has ${scanner.starts.length} user message(s)`);
  }
  return cut;
}
