// `weft thread list`: one page of the stored threads, as text or one JSON document, with the
// command that prints the next page; and the small readers of values the thread commands share.
import path from 'node:path';
import { UsageError } from '../errors.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { shellQuote } from './shell-quote.js';
import { stringValue, type CliIo, type ParsedValues } from './cli-options.js';

export async function list(store: ThreadStore, values: ParsedValues, io: CliIo): Promise<number> {
  const limit = stringValue(values.limit) === undefined ? 20 : wholeNumber(stringValue(values.limit) as string, '--limit', 1);
  const onWarning = (w: string): void => io.stderr(`warning: ${w}`);
  const filters = {
    ...(stringValue(values.cwd) !== undefined ? { cwd: path.resolve(io.cwd, stringValue(values.cwd) as string) } : {}),
    ...(stringValue(values.search) !== undefined ? { search: stringValue(values.search) as string } : {}),
  };
  const cursor = stringValue(values.cursor);
  const page = await store.list({ limit, onWarning, ...filters, ...(cursor ? { cursor } : {}) });
  if (values.json) {
    io.stdout(JSON.stringify(page));
    return 0;
  }
  if (page.threads.length === 0) io.stderr(cursor ? 'no more threads' : 'no threads');
  for (const t of page.threads) io.stdout(`${t.id}  ${t.updatedAt}  ${t.cwd}  ${oneLine(t.preview)}`);
  if (page.nextCursor) {
    const again = ['weft', 'thread', 'list', '--limit', String(limit)];
    if (filters.cwd !== undefined) again.push('--cwd', filters.cwd);
    if (filters.search !== undefined) again.push('--search', filters.search);
    again.push('--cursor', page.nextCursor);
    io.stderr(`more: ${again.map(shellQuote).join(' ')}`);
  }
  return 0;
}

/** A flag's value as a whole number of at least `min`, written in plain digits. */
export function wholeNumber(raw: string, flag: string, min: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min) throw new UsageError(`${flag} ${raw}: expected a whole number ≥ ${min}`);
  return n;
}

export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat;
}
