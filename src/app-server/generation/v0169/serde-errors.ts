// Bad requests as the 0.169 server answers them: every one is -32600 "Invalid request: …" in the
// wording of the Rust deserializer Codex uses (clients match on it), e.g.
// "missing field `input`", "invalid type: string \"ten\", expected u32",
// "unknown variant `bogus`, expected one of `text`, `image`".
import type { z } from 'zod';
import { rpcError, valueAt } from '../../rpc-errors.js';

const prefix = (detail: string) => rpcError.invalidRequest(`Invalid request: ${detail}`);

const list = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(', ');

/** serde's wording of the variants it expected: one, two (`a` or `b`), or a list. */
function expectedVariants(names: readonly string[]): string {
  if (names.length === 1) return `expected ${list(names)}`;
  if (names.length === 2) return `expected \`${names[0]}\` or \`${names[1]}\``;
  return `expected one of ${list(names)}`;
}

export function unknownVariant(value: string, expected: readonly string[]) {
  return prefix(`unknown variant \`${value}\`, ${expectedVariants(expected)}`);
}

/** How the deserializer names a value it did not expect. */
function unexpected(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'sequence';
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (typeof v === 'boolean') return `boolean \`${v}\``;
  return 'map';
}

const EXPECTED: Record<string, string> = { string: 'a string', number: 'u32', int: 'u32', boolean: 'a boolean', array: 'a sequence', object: 'a map' };

/** The error for params that failed `schema` (the first problem, as the deserializer stops there). */
export function badParams(error: z.ZodError, params: unknown) {
  const issue = error.issues[0];
  if (!issue) return prefix('invalid params');
  const got = valueAt(params, issue.path);
  const field = String(issue.path[issue.path.length - 1] ?? 'params');
  if (issue.code === 'invalid_union' && 'options' in issue && Array.isArray(issue.options) && typeof got === 'string') {
    return unknownVariant(got, issue.options.map(String));
  }
  if (issue.code === 'invalid_union' && 'discriminator' in issue && got === undefined) return prefix(`missing field \`${field}\``);
  if (issue.code === 'invalid_type' && got === undefined) return prefix(`missing field \`${field}\``);
  if (issue.code === 'invalid_value' && typeof got === 'string') return unknownVariant(got, issue.values.map(String));
  if (issue.code === 'invalid_type') return prefix(`invalid type: ${unexpected(got)}, expected ${EXPECTED[issue.expected] ?? issue.expected}`);
  if (issue.code === 'too_small' || issue.code === 'too_big') return prefix(`invalid value: ${unexpected(got)}, expected u32`);
  return prefix(`${field}: ${issue.message}`);
}

/** Validates with the deserializer's rules: absent params are an error unless every field is optional. */
export function parseParams0169(schema: z.ZodType, params: unknown): unknown {
  if (params === undefined || params === null) {
    const r = schema.safeParse({});
    if (r.success) return r.data;
    throw prefix('missing field `params`');
  }
  const r = schema.safeParse(params);
  if (r.success) return r.data;
  throw badParams(r.error, params);
}
