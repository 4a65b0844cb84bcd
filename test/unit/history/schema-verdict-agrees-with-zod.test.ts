// The reader trusts schema-verdict.ts in place of a zod parse: on every recorded payload, and on
// every variant of them with a key removed, a key added or a value of another JSON type, its
// verdict must be what zod's parse concludes (refused / accepted with keys stripped / accepted whole).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ResponseItem } from '../../../protocol/responses-items.js';
import { CompactedPayload, CompactedPayloadHead, EventMsgPayload, RolloutEnvelope, SessionMeta, TurnContextPayload } from '../../../protocol/rollout.js';
import { sameJson } from '../../../src/history/raw-json.js';
import { EXACT, REJECTED, STRIPPED, parseExact, verdictOf, type Verdict } from '../../../src/rollout/cache/schema-verdict.js';
import { bindPlaceholders, conformanceDir } from '../../support/recorded-rollouts.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function zodVerdict(schema: z.ZodType, value: unknown): Verdict {
  const r = schema.safeParse(value);
  if (!r.success) return REJECTED;
  return sameJson(value, r.data) ? EXACT : STRIPPED;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Every recorded rollout line and every recorded request's input items, both Codex versions. */
function recorded(): { lines: Array<Record<string, Json>>; inputs: Json[] } {
  const lines: Array<Record<string, Json>> = [];
  const inputs: Json[] = [];
  for (const path of files(conformanceDir())) {
    if (/\/(rollouts|sessions)\/.*\.jsonl$/.test(path)) {
      for (const text of bindPlaceholders(readFileSync(path, 'utf8')).split('\n')) if (text) lines.push(JSON.parse(text) as Record<string, Json>);
    } else if (/\/requests\/[^/]+\.json$/.test(path)) {
      const body = JSON.parse(bindPlaceholders(readFileSync(path, 'utf8'))) as { input?: Json };
      if (Array.isArray(body.input)) inputs.push(...body.input);
    }
  }
  return { lines, inputs };
}

const OTHER_VALUES: Json[] = [null, 7, 'x', true, [], {}];

/** The value, then one variant per change of one node: a key dropped or added, a value replaced. */
function* variants(value: Json): Generator<Json> {
  yield value;
  if (Array.isArray(value)) {
    for (const extra of [null, 'x', {}] as Json[]) yield [...value, extra];
    for (let i = 0; i < value.length; i++) {
      for (const v of variants(value[i] as Json)) if (v !== value[i]) yield value.map((x, j) => (j === i ? v : x));
    }
  } else if (value !== null && typeof value === 'object') {
    yield { ...value, zz_unknown: 1 };
    for (const key of Object.keys(value)) {
      const { [key]: _dropped, ...rest } = value;
      yield rest;
      for (const other of OTHER_VALUES) yield { ...value, [key]: other };
      for (const v of variants(value[key] as Json)) if (v !== value[key]) yield { ...value, [key]: v };
    }
  }
}

/** One value per shape: the recordings repeat the same shapes with other strings. */
function distinctShapes(values: Json[]): Json[] {
  const seen = new Map<string, Json>();
  for (const v of values) seen.set(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? (x.length > 0 ? 's' : '') : x)), v);
  return [...seen.values()];
}

describe('schema-verdict agrees with zod', () => {
  const { lines, inputs } = recorded();
  const payloads = (type: string): Json[] => distinctShapes(lines.filter((l) => l.type === type).map((l) => l.payload as Json));
  const cases: Array<[string, z.ZodType, Json[]]> = [
    ['ResponseItem', ResponseItem, distinctShapes([...payloads('response_item'), ...inputs])],
    ['TurnContextPayload', TurnContextPayload, payloads('turn_context')],
    ['SessionMeta', SessionMeta, payloads('session_meta')],
    ['CompactedPayload', CompactedPayload, payloads('compacted')],
    ['CompactedPayloadHead', CompactedPayloadHead, payloads('compacted')],
    ['EventMsgPayload', EventMsgPayload, payloads('event_msg')],
    ['RolloutEnvelope', RolloutEnvelope, distinctShapes(lines.map((l) => ({ ...l, payload: {} })))],
  ];

  it('has recordings of every kind to check against', () => {
    for (const [name, , values] of cases) expect(values.length, name).toBeGreaterThan(0);
  });

  it.each(cases)('%s: the same verdict on every recorded payload and each variant of it', (_name, schema, values) => {
    let checked = 0;
    const verdicts = new Set<Verdict>();
    for (const value of values) {
      for (const variant of variants(value)) {
        const expected = zodVerdict(schema, variant);
        if (verdictOf(schema, variant) !== expected) expect({ variant, verdict: verdictOf(schema, variant) }).toEqual({ variant, verdict: expected });
        verdicts.add(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(values.length);
    // The variants reach every outcome a schema has, so each path of the check was compared.
    expect(verdicts.has(EXACT) && verdicts.has(REJECTED)).toBe(true);
  });

  it('is never more lenient than zod on values that are not objects', () => {
    for (const value of [null, 0, 'message', true, [], [{ type: 'message' }]]) expect(verdictOf(ResponseItem, value)).toBe(REJECTED);
  });

  it('parseExact returns an exact value itself, else what zod returns', () => {
    const exact = { cwd: '/r', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'm', newer_field: 1 };
    expect(parseExact(TurnContextPayload, exact)).toEqual({ success: true, data: exact });
    expect((parseExact(TurnContextPayload, exact) as { data: unknown }).data).toBe(exact);
    const stripped = { ...exact, sandbox_policy: { type: 'read-only', unknown: true } };
    const parsed = parseExact(TurnContextPayload, stripped);
    expect(parsed.success && parsed.data.sandbox_policy).toEqual({ type: 'read-only' });
    expect(parseExact(TurnContextPayload, { cwd: '/r' }).success).toBe(false);
  });

  it('checks a recursive schema (a shape getter naming itself) as zod does', () => {
    const Tree = z.object({
      name: z.string(),
      get children() {
        return z.array(Tree).optional();
      },
    });
    const tree: Json = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }, { name: 'd', children: [] }] };
    const outcomes = new Set<Verdict>();
    for (const variant of variants(tree)) {
      const expected = zodVerdict(Tree, variant);
      expect(verdictOf(Tree, variant)).toBe(expected);
      outcomes.add(expected);
    }
    expect([...outcomes].sort()).toEqual([REJECTED, STRIPPED, EXACT]);
  });
});
