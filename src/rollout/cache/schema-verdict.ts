// What a zod parse of a value would conclude (refused, accepted with keys stripped, accepted whole),
// answered fast for the reader's hot path: resume checks every item of a long rollout, and zod's
// parse builds a copy of each value only for the reader to compare it with the input and drop it.
// The check is derived from the schema itself at first use (one source of truth), builds nothing,
// and hands any schema construct it does not model back to zod, so its verdict is zod's (a test
// holds it to that). Zod still words every refusal the user sees.
import type { z } from 'zod';
import { sameJson } from '../../history/raw-json.js';

/** What parsing `value` with the schema would do (ordered: combining takes the lowest). */
export const REJECTED = 0;
/** Accepted, but the output would lack something of the input (an object key the schema strips). */
export const STRIPPED = 1;
/** Accepted, and the output would be the input (key order aside). */
export const EXACT = 2;
export type Verdict = typeof REJECTED | typeof STRIPPED | typeof EXACT;

type Check = (value: unknown) => Verdict;
type Schema = z.core.$ZodType;

const checks = new WeakMap<Schema, Check>();
/** Schemas whose check is being derived: a schema met again inside itself is a recursive one. */
const deriving = new Set<Schema>();

/** The verdict of `schema` on `value`; the check is derived once per schema. */
export function verdictOf(schema: Schema, value: unknown): Verdict {
  return derive(schema)(value);
}

function derive(schema: Schema): Check {
  const known = checks.get(schema);
  if (known) return known;
  // A recursive schema (a shape getter naming itself) is checked by looking its check up on use.
  if (deriving.has(schema)) return (value) => verdictOf(schema, value);
  deriving.add(schema);
  try {
    const check = build(schema);
    checks.set(schema, check);
    return check;
  } finally {
    deriving.delete(schema);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const min = (a: Verdict, b: Verdict): Verdict => (a < b ? a : b);

/** Zod decides: for the constructs not modelled here (refinements, transforms, defaults, …). */
function byZod(schema: Schema): Check {
  return (value) => {
    const r = (schema as z.ZodType).safeParse(value);
    if (!r.success) return REJECTED;
    return sameJson(value, r.data) ? EXACT : STRIPPED;
  };
}

function build(schema: Schema): Check {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  // Checks (lengths, int, formats) live on the schema; only unchecked leaves are modelled.
  if (def.checks !== undefined && def.checks.length > 0) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? EXACT : REJECTED);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? EXACT : REJECTED);
    case 'number':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? EXACT : REJECTED);
    case 'null':
      return (v) => (v === null ? EXACT : REJECTED);
    case 'unknown':
    case 'any':
      return () => EXACT;
    case 'literal': {
      const values: readonly unknown[] = def.values;
      return (v) => (values.includes(v) ? EXACT : REJECTED);
    }
    case 'enum': {
      const values = new Set<unknown>(Object.values(def.entries));
      return (v) => (values.has(v) ? EXACT : REJECTED);
    }
    case 'optional': {
      const inner = derive(def.innerType);
      return (v) => (v === undefined ? EXACT : inner(v));
    }
    case 'nullable': {
      const inner = derive(def.innerType);
      return (v) => (v === null ? EXACT : inner(v));
    }
    case 'array': {
      const element = derive(def.element);
      return (v) => {
        if (!Array.isArray(v)) return REJECTED;
        let verdict: Verdict = EXACT;
        for (const item of v) if ((verdict = min(verdict, element(item))) === REJECTED) break;
        return verdict;
      };
    }
    case 'record':
      return recordCheck(schema, def);
    case 'object':
      return objectCheck(schema, def);
    case 'union':
      return 'discriminator' in def && typeof def.discriminator === 'string'
        ? discriminatedCheck(schema, def.options, def.discriminator)
        : unionCheck(def.options);
    default:
      return byZod(schema);
  }
}

/** Records of any string key (the only kind weft's schemas use); others go to zod. */
function recordCheck(schema: Schema, def: z.core.$ZodRecordDef): Check {
  const keyDef = (def.keyType as z.core.$ZodTypes)._zod.def;
  if (keyDef.type !== 'string' || (keyDef.checks?.length ?? 0) > 0 || def.mode === 'loose') return byZod(schema);
  const value = derive(def.valueType);
  return (v) => {
    if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return REJECTED;
    let verdict: Verdict = EXACT;
    for (const key of Object.keys(v)) if ((verdict = min(verdict, value(v[key]))) === REJECTED) break;
    return verdict;
  };
}

interface Field {
  readonly key: string;
  /** May the key be absent (zod: optional in and out); a required key that is absent is refused. */
  readonly omittable: boolean;
  readonly check: Check;
}

function objectCheck(schema: Schema, def: z.core.$ZodObjectDef): Check {
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const { optin, optout } = field._zod;
    // Defaults and other in/out mixes fill or keep absent keys in ways left to zod.
    if (optin !== undefined && !(optin === 'optional' && optout === 'optional')) return byZod(schema);
    fields.push({ key, omittable: optin !== undefined, check: derive(field) });
  }
  const known = new Set(fields.map((f) => f.key));
  const catchall = def.catchall === undefined ? undefined : (def.catchall as z.core.$ZodTypes)._zod.def.type;
  // An unknown key is kept by a loose object (catchall unknown) and stripped by a plain one; any
  // other catchall (strict objects, typed extras) is zod's to judge.
  if (catchall !== undefined && catchall !== 'unknown') return byZod(schema);
  const extra: Verdict = catchall === 'unknown' ? EXACT : STRIPPED;
  return (v) => {
    if (!isObject(v)) return REJECTED;
    let verdict: Verdict = EXACT;
    for (const { key, omittable, check } of fields) {
      if (!(key in v)) {
        if (omittable) continue;
        return REJECTED;
      }
      if ((verdict = min(verdict, check(v[key]))) === REJECTED) return REJECTED;
    }
    if (verdict === EXACT && extra === STRIPPED) {
      for (const key in v) if (!known.has(key)) return STRIPPED;
    }
    return verdict;
  };
}

/** Zod's union takes the first option that accepts the value, and yields that option's output. */
function unionCheck(options: readonly Schema[]): Check {
  const checks = options.map(derive);
  return (v) => {
    for (const check of checks) {
      const verdict = check(v);
      if (verdict !== REJECTED) return verdict;
    }
    return REJECTED;
  };
}

/** The option is chosen by the discriminator's literal value; a value matching none is refused. */
function discriminatedCheck(schema: Schema, options: readonly Schema[], discriminator: string): Check {
  const byValue = new Map<unknown, Check>();
  for (const option of options) {
    const optionDef = (option as z.core.$ZodTypes)._zod.def;
    if (optionDef.type !== 'object') return byZod(schema);
    const tag = optionDef.shape[discriminator];
    const tagDef = tag === undefined ? undefined : (tag as z.core.$ZodTypes)._zod.def;
    let values: readonly unknown[];
    if (tagDef?.type === 'literal') values = tagDef.values;
    else if (tagDef?.type === 'enum') values = Object.values(tagDef.entries);
    else return byZod(schema);
    const check = derive(option);
    for (const value of values) byValue.set(value, check);
  }
  return (v) => {
    if (!isObject(v)) return REJECTED;
    const check = byValue.get(v[discriminator]);
    return check ? check(v) : REJECTED;
  };
}

/**
 * `schema.safeParse(value)`, except that a value that is exactly what the parse would build is
 * returned as it is, without the copy. Its keys keep their order: for values that are read, not
 * re-serialized (wire items keep zod's key order; see protocol/responses-items.ts).
 */
export function parseExact<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  return verdictOf(schema, value) === EXACT ? { success: true, data: value as T } : schema.safeParse(value);
}

/** Whether the schema would accept `value` (keys it does not know aside), as a type guard. */
export function accepts<T>(schema: z.ZodType<T>, value: unknown): value is T {
  return verdictOf(schema, value) !== REJECTED;
}
