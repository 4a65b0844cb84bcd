// The input of code mode's `exec` tool: raw JavaScript, optionally opened by a first-line pragma
// `// @exec: {"yield_time_ms": N, "max_output_tokens": N}` (JSON, only those two fields, each a
// non-negative safe integer). A pragma must be followed by source on the next lines.
import { z } from 'zod';
import { lazySchema } from '../../../protocol/lazy-schema.js';

const PRAGMA_PREFIX = '// @exec:';

const Pragma = lazySchema(() =>
  z
    .object({
      yield_time_ms: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
      max_output_tokens: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .strict(),
);

export interface ExecSource {
  /** The JavaScript to run (without the pragma line). */
  code: string;
  yieldTimeMs?: number | undefined;
  maxOutputTokens?: number | undefined;
}

export type ParsedExecSource = { ok: true; value: ExecSource } | { ok: false; detail: string };

/** Splits the pragma (if any) from the source; `detail` says what is wrong with a bad input. */
export function parseExecSource(input: string): ParsedExecSource {
  if (input.trim() === '') return { ok: false, detail: 'the input is empty; send JavaScript source text' };
  const newline = input.indexOf('\n');
  const first = newline === -1 ? input : input.slice(0, newline);
  const rest = newline === -1 ? '' : input.slice(newline + 1);
  const trimmed = first.trimStart();
  if (!trimmed.startsWith(PRAGMA_PREFIX)) return { ok: true, value: { code: input } };
  if (rest.trim() === '') return { ok: false, detail: 'the `// @exec:` line must be followed by JavaScript on the next lines' };
  const directive = trimmed.slice(PRAGMA_PREFIX.length).trim();
  let json: unknown;
  try {
    json = JSON.parse(directive);
  } catch (err) {
    return { ok: false, detail: `the \`// @exec:\` pragma is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  const parsed = Pragma.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      detail: 'the `// @exec:` pragma takes a JSON object with only `yield_time_ms` and `max_output_tokens`, each a non-negative integer',
    };
  }
  return { ok: true, value: { code: rest, yieldTimeMs: parsed.data.yield_time_ms, maxOutputTokens: parsed.data.max_output_tokens } };
}
