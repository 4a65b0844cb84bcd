// Writes zod source from JSON Schema definitions (draft-07, as Codex's app-server schema is
// generated): each named definition reachable from the roots becomes one exported zod constant
// tagged with its name (`.meta({ id })`), so that `z.toJSONSchema` gives the same named
// definitions back. Only shapes are carried over (types, properties, required keys, enums, bounds
// Codex states); descriptions and defaults are left out. Pure: text in, text out.

export type JsonSchema = { [key: string]: unknown } | boolean;
type Obj = { [key: string]: unknown };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The definition names `schema` points at with `$ref`. */
function refsOf(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) refsOf(s, out);
  else if (isObj(schema)) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === '$ref' && typeof v === 'string') out.add(refName(v));
      else refsOf(v, out);
    }
  }
  return out;
}

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);
const key = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/** Every definition reachable from `roots`, dependencies first (a cycle is cut where it closes). */
export function reachable(defs: Readonly<Record<string, JsonSchema>>, roots: readonly string[]): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    if (state.has(name)) return;
    const def = defs[name];
    if (def === undefined) throw new Error(`the schema has no definition ${name}`);
    state.set(name, 'visiting');
    for (const dep of [...refsOf(def)].sort()) visit(dep);
    state.set(name, 'done');
    order.push(name);
  };
  for (const r of roots) visit(r);
  return order;
}

class Emitter {
  /** Names already declared above the one being written. */
  readonly #declared = new Set<string>();
  /** Names some definition reaches lazily (their declarations need a type annotation). */
  readonly lazy = new Set<string>();

  declare(name: string): void {
    this.#declared.add(name);
  }

  ref(name: string): string {
    // A definition not declared yet is part of a cycle: reach it lazily.
    if (this.#declared.has(name)) return name;
    this.lazy.add(name);
    return `z.lazy((): z.ZodType => ${name})`;
  }

  emit(schema: JsonSchema | undefined): string {
    if (schema === undefined || schema === true) return 'z.unknown()';
    if (schema === false) return 'z.never()';
    if (typeof schema.$ref === 'string') return this.ref(refName(schema.$ref));
    const allOf = schema.allOf as JsonSchema[] | undefined;
    if (Array.isArray(allOf)) {
      const parts = allOf.map((s) => this.emit(s));
      return parts.length === 1 ? (parts[0] as string) : parts.reduce((a, b) => `z.intersection(${a}, ${b})`);
    }
    for (const k of ['anyOf', 'oneOf'] as const) {
      const alts = schema[k];
      if (Array.isArray(alts)) return this.#union(alts as JsonSchema[]);
    }
    if ('const' in schema) return `z.literal(${JSON.stringify(schema.const)})`;
    const type = schema.type;
    if (Array.isArray(schema.enum)) {
      const values = schema.enum as unknown[];
      const nonNull = values.filter((v) => v !== null);
      const base = nonNull.every((v) => typeof v === 'string') ? `z.enum(${JSON.stringify(nonNull)})` : `z.union([${nonNull.map((v) => `z.literal(${JSON.stringify(v)})`).join(', ')}])`;
      return nonNull.length < values.length ? `${base}.nullable()` : base;
    }
    if (Array.isArray(type)) return this.#union((type as string[]).map((t) => ({ ...schema, type: t })));
    switch (type) {
      case 'string':
        return `z.string()${typeof schema.minLength === 'number' ? `.min(${schema.minLength})` : ''}`;
      case 'integer':
        return `z.number().int()${typeof schema.minimum === 'number' ? `.min(${schema.minimum})` : ''}`;
      case 'number':
        return `z.number()${typeof schema.minimum === 'number' ? `.min(${schema.minimum})` : ''}`;
      case 'boolean':
        return 'z.boolean()';
      case 'null':
        return 'z.null()';
      case 'array':
        return `z.array(${this.emit(schema.items as JsonSchema | undefined)})`;
      case 'object':
      case undefined:
        return isObj(schema.properties) || type === 'object' ? this.#object(schema) : 'z.unknown()';
      default:
        throw new Error(`unsupported JSON Schema type ${JSON.stringify(type)}`);
    }
  }

  #union(alts: JsonSchema[]): string {
    const isNull = (s: JsonSchema) => isObj(s) && s.type === 'null';
    const rest = alts.filter((s) => !isNull(s));
    const nullable = rest.length < alts.length;
    const parts = rest.map((s) => this.emit(s));
    const base = parts.length === 1 ? (parts[0] as string) : `z.union([${parts.join(', ')}])`;
    return nullable ? `${base}.nullable()` : base;
  }

  #object(schema: Obj): string {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const extra = schema.additionalProperties as JsonSchema | undefined;
    const names = Object.keys(props);
    if (names.length === 0) {
      if (extra === false) return 'z.strictObject({})';
      return `z.record(z.string(), ${this.emit(extra === undefined ? true : extra)})`;
    }
    const fields = names.map((k) => `${key(k)}: ${this.emit(props[k])}${required.has(k) ? '' : '.optional()'}`).join(', ');
    if (extra === false) return `z.strictObject({ ${fields} })`;
    if (extra !== undefined && extra !== true) return `z.object({ ${fields} }).catchall(${this.emit(extra)})`;
    return `z.object({ ${fields} })`;
  }
}

/**
 * A module declaring every definition reachable from `roots` as `export const <Name> = …`, in
 * dependency order, each tagged with its name.
 */
export function zodModule(defs: Readonly<Record<string, JsonSchema>>, roots: readonly string[], header: string): string {
  const emitter = new Emitter();
  const bodies = reachable(defs, roots).map((name) => {
    const body = emitter.emit(defs[name]);
    emitter.declare(name);
    return { name, body };
  });
  const lines: string[] = [header, "import { z } from 'zod';", ''];
  for (const { name, body } of bodies) {
    // TypeScript cannot infer the type of a schema that reaches itself: those are annotated.
    const annotation = emitter.lazy.has(name) || body.includes('z.lazy(') ? ': z.ZodType' : '';
    lines.push(`export const ${name}${annotation} = ${body}.meta({ id: ${JSON.stringify(name)} });`);
  }
  return `${lines.join('\n')}\n`;
}
