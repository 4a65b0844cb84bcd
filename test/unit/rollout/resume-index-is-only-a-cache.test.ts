// The resume index beside a rollout is only a cache: a resume that uses it reads exactly what a
// resume without it reads, and an index that no longer matches its rollout (appended to, rewritten,
// replaced, damaged) is never trusted for what changed.
import { appendFile, mkdtemp, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRollout, type RolloutRecord } from '../../../src/rollout/format/reader.js';
import { indexPathOf, readForReopen } from '../../../src/rollout/cache/resume-index.js';

const TS = '2026-01-01T00:00:00.123Z';
const line = (type: string, payload: unknown): string => JSON.stringify({ timestamp: TS, type, payload });
const META = line('session_meta', { id: '0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a', timestamp: TS, cwd: '/w', originator: 'o', cli_version: '0.98.0', source: 'exec' });
const TURN = line('turn_context', { cwd: '/w', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'm' });
const user = (text: string): string => line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
// Long enough that the reader leaves the output in the file (item-line-skeleton.ts).
const output = (n: number, fill = 'o'): string => line('response_item', { type: 'function_call_output', call_id: `c${n}`, output: `${fill.repeat(700)}${n}` });
const checkpoint = (summary: string): string[] => [
  TURN,
  line('compacted', { message: summary, replacement_history: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: summary }] }] }),
];

function turns(from: number, count: number, fill = 'o'): string[] {
  const out: string[] = [];
  for (let i = from; i < from + count; i++) out.push(TURN, user(`${fill}${i}`), line('event_msg', { type: 'user_message', message: `${fill}${i}` }), output(i, fill));
  return out;
}

async function rolloutWith(lines: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'weft-resume-index-'));
  const path = join(dir, 'rollout-2026-01-01T00-00-00-0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a.jsonl');
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

/** What a resume gets, comparable across reads: each record's JSON (long fields read back from the file) and place. */
const view = (records: readonly RolloutRecord[]) => records.map((r) => ({ json: JSON.stringify(r.line), lineNo: r.lineNo, offset: r.offset, length: r.length }));

/** The index's first line. */
async function indexHeader(path: string): Promise<{ size: number }> {
  return JSON.parse((await readFile(indexPathOf(path), 'utf8')).split('\n')[0] as string) as { size: number };
}

/** A resume's read with the index (built or used), and its warnings. */
async function reopen(path: string, rewriteAfterBytes = 0) {
  const warnings: string[] = [];
  const read = await readForReopen(path, { onWarning: (w) => warnings.push(w), minIndexedBytes: 0, rewriteAfterBytes });
  return { records: view(read.records), headMeta: read.headMeta, warnings };
}

/** The same read with no index at all: the reader alone. */
async function reference(path: string) {
  const warnings: string[] = [];
  const records = await readRollout(path, { onWarning: (w) => warnings.push(w), fromLastCheckpoint: true, itemBytes: 'file' });
  return { records: view(records), warnings };
}

describe('resume index', () => {
  it('is written beside the rollout, readable by its user only, and a resume through it reads what the reader reads', async () => {
    const path = await rolloutWith([META, ...turns(0, 20), '{"torn', ...turns(20, 5)]);
    const first = await reopen(path);
    const index = await stat(indexPathOf(path));
    expect(index.mode & 0o777).toBe(0o600);
    const second = await reopen(path);
    const plain = await reference(path);
    expect(first.records).toEqual(plain.records);
    expect(second.records).toEqual(plain.records);
    // The skipped line is reported again by a resume through the index.
    expect(second.warnings).toEqual(plain.warnings);
    expect(second.warnings).toHaveLength(1);
    expect(second.headMeta).toBeUndefined();
  });

  it('goes on from where it ends when the rollout was appended to, and covers the new lines after', async () => {
    const path = await rolloutWith([META, ...turns(0, 10)]);
    await reopen(path);
    await appendFile(path, `${turns(10, 5).join('\n')}\n`);
    const appended = await reopen(path);
    expect(appended.records).toEqual((await reference(path)).records);
    expect((await indexHeader(path)).size).toBe((await stat(path)).size);
    expect(appended.records.at(-1)?.lineNo).toBe(1 + 15 * 4);
  });

  it('is written again only once enough was appended after it: a few appended lines are read from the rollout', async () => {
    const path = await rolloutWith([META, ...turns(0, 10)]);
    await reopen(path);
    const before = await readFile(indexPathOf(path), 'utf8');
    await appendFile(path, `${turns(10, 1).join('\n')}\n`);
    const appended = await reopen(path, 1024 * 1024);
    expect(appended.records).toEqual((await reference(path)).records);
    expect(await readFile(indexPathOf(path), 'utf8')).toBe(before);
    await reopen(path, 1);
    expect((await indexHeader(path)).size).toBe((await stat(path)).size);
  });

  it('starts at a checkpoint appended after it was written, with the session_meta it kept', async () => {
    const path = await rolloutWith([META, ...turns(0, 10)]);
    await reopen(path);
    await appendFile(path, `${[...checkpoint('summary'), ...turns(10, 2)].join('\n')}\n`);
    const read = await reopen(path);
    // The reader alone, starting at the checkpoint, does not know line numbers; the index, read from the top, does.
    const unnumbered = (records: ReturnType<typeof view>) => records.map(({ lineNo: _, ...r }) => r);
    expect(unnumbered(read.records)).toEqual(unnumbered((await reference(path)).records));
    expect(read.records[0]?.json).toContain('"turn_context"');
    expect(read.records[0]?.lineNo).toBe(1 + 10 * 4 + 1);
    expect(read.headMeta?.id).toBe('0194f0c2-7a3e-7c4d-9b1a-2f3e4d5c6b7a');
  });

  it('is not trusted once the bytes it covers changed: rewritten in place, replaced by another file, or damaged', async () => {
    const path = await rolloutWith([META, ...turns(0, 10)]);
    await reopen(path);
    // Same size, other bytes at its end: the outputs now hold other text.
    await writeFile(path, `${[META, ...turns(0, 10, 'x')].join('\n')}\n`);
    const rewritten = await reopen(path);
    expect(rewritten.records).toEqual((await reference(path)).records);
    expect(rewritten.records.at(-2)?.json).toContain('"message":"x9"');

    // Another file renamed over it, same content up to the index's end, then more.
    const other = `${path}.new`;
    await writeFile(other, `${[META, ...turns(0, 10, 'x'), ...turns(10, 1, 'y')].join('\n')}\n`);
    await rename(other, path);
    expect((await reopen(path)).records).toEqual((await reference(path)).records);

    await writeFile(indexPathOf(path), '{"format":"weft-resume-index/2","size":');
    expect((await reopen(path)).records).toEqual((await reference(path)).records);
    // ...and rebuilt.
    expect((await indexHeader(path)).size).toBe((await stat(path)).size);
  });

  it('is not trusted when its records no longer pass the reader\'s checks', async () => {
    const path = await rolloutWith([META, ...turns(0, 4)]);
    await reopen(path);
    const lines = (await readFile(indexPathOf(path), 'utf8')).split('\n');
    const record = JSON.parse(lines[2] as string) as { line: { type: string } };
    record.line.type = 'no_such_type';
    lines[2] = JSON.stringify(record);
    await writeFile(indexPathOf(path), lines.join('\n'));
    expect((await reopen(path)).records).toEqual((await reference(path)).records);
    // Cut short after a whole line: its header's count says records are missing.
    await reopen(path);
    const whole = (await readFile(indexPathOf(path), 'utf8')).split('\n');
    await writeFile(indexPathOf(path), `${whole.slice(0, 3).join('\n')}\n`);
    expect((await reopen(path)).records).toEqual((await reference(path)).records);
  });

  it('is not kept for a small rollout', async () => {
    const path = await rolloutWith([META, ...turns(0, 2)]);
    await readForReopen(path);
    await expect(stat(indexPathOf(path))).rejects.toThrow();
  });
});
