// The 0.169 shapes weft describes are Codex 0.169's: protocol/app-server/v0169/generated/shapes.ts
// is what scripts/generate-protocol-0169.ts makes of the recorded authority schema (so a stale file
// fails), and every answer, notification and server-request file `weft app-server
// generate-json-schema` writes is, structurally, the file Codex 0.169 writes at the same path: the
// same types and properties, the same required keys, the same named types in `definitions` (prose,
// titles, defaults and formats aside). A loosened shape fails the comparison.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TYPE_NAMES, NOTIFICATION_TYPE_NAMES, SERVER_REQUEST_TYPE_NAMES } from '../../../protocol/app-server/type-names.js';
import { NOTIFICATIONS_0169, RESULTS_0169, SERVER_REQUESTS_0169 } from '../../../protocol/app-server/v0169/outgoing.js';
import { shapesModule0169 } from '../../../scripts/protocol/shapes-0169.js';
import { main } from '../../../src/cli/main.js';
import { AUTHORITY_0169_DIR } from '../../support/authority-schema-0169.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

type Json = unknown;
const IGNORED = new Set(['description', 'title', 'default', 'format', '$schema', 'examples']);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One canonical form for schemas that accept the same values the same way. */
function canonical(schema: Json): Json {
  if (schema === true || (isObj(schema) && Object.keys(schema).every((k) => IGNORED.has(k)))) return true;
  if (!isObj(schema)) return schema;
  const s: Record<string, unknown> = Object.fromEntries(Object.entries(schema).filter(([k]) => !IGNORED.has(k) && k !== 'definitions'));
  if (typeof s.$ref === 'string') return { $ref: s.$ref.replace(/^#\/definitions\/(v2\/)?/, '') };
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return canonical(s.allOf[0]);
  let alts: Json[] | undefined;
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) alts = ((s.anyOf ?? s.oneOf) as Json[]).map(canonical);
  else if (Array.isArray(s.type)) alts = (s.type as string[]).map((t) => canonical(t === 'null' ? { type: 'null' } : { ...s, type: t }));
  else if (Array.isArray(s.enum) && s.enum.includes(null)) alts = [canonical({ ...s, enum: s.enum.filter((v) => v !== null) }), { type: 'null' }];
  if (alts) {
    const flat = alts.flatMap((a) => (isObj(a) && Array.isArray(a.anyOf) ? (a.anyOf as Json[]) : [a]));
    const unique = [...new Map(flat.map((a) => [JSON.stringify(a), a])).values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return unique.length === 1 ? unique[0] : { anyOf: unique };
  }
  if ('const' in s) delete s.type;
  // zod states that record keys are strings; in JSON they cannot be anything else.
  if (isObj(s.propertyNames) && s.propertyNames.type === 'string' && Object.keys(s.propertyNames).length === 1) delete s.propertyNames;
  if (isObj(s.properties)) s.properties = Object.fromEntries(Object.entries(s.properties).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  if (Array.isArray(s.required)) s.required = [...(s.required as string[])].sort();
  if (s.required !== undefined && (s.required as string[]).length === 0) delete s.required;
  if (s.additionalProperties === true || (isObj(s.additionalProperties) && Object.keys(s.additionalProperties).length === 0)) delete s.additionalProperties;
  else if (s.additionalProperties !== undefined) s.additionalProperties = canonical(s.additionalProperties);
  if (s.items !== undefined) s.items = canonical(s.items);
  if (s.type === undefined && isObj(s.properties)) s.type = 'object';
  return Object.fromEntries(Object.entries(s).sort(([a], [b]) => a.localeCompare(b)));
}

/** Where two canonical schemas first differ (a path and both values), '' when equal. */
function firstDifference(a: Json, b: Json, at = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return '';
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${at}/${k}`);
      if (d) return d;
    }
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}/${i}`);
      if (d) return d;
    }
  }
  return `${at || '/'}: ${JSON.stringify(a)?.slice(0, 200)} ≠ ${JSON.stringify(b)?.slice(0, 200)}`;
}

function refsIn(v: Json, out: Set<string>): Set<string> {
  if (Array.isArray(v)) for (const x of v) refsIn(x, out);
  else if (isObj(v)) for (const [k, x] of Object.entries(v)) k === '$ref' && typeof x === 'string' ? out.add(x) : refsIn(x, out);
  return out;
}

/**
 * The file's type and each named type it uses, canonical. (Codex's files also define the types
 * of fields its schema leaves out as experimental; those nothing refers to are not compared.)
 */
function shapes(file: string): Record<string, Json> {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const defs = Object.fromEntries(Object.entries((json.definitions ?? {}) as Record<string, Json>).map(([k, v]) => [k, canonical(v)]));
  const out: Record<string, Json> = { '': canonical(json) };
  const todo = [...refsIn(out[''], new Set())];
  while (todo.length > 0) {
    const name = todo.pop() as string;
    if (name in out || name === '#') continue;
    out[name] = defs[name];
    todo.push(...refsIn(defs[name], new Set()));
  }
  return out;
}

/** Where a type's file is in Codex's layout. */
function fileOf(name: string): string {
  return ['v2', 'v1', '.'].map((d) => join(d, `${name}.json`)).find((f) => existsSync(join(AUTHORITY_0169_DIR, f))) ?? `${name}.json`;
}

/** The files to compare: every answer, notification and server request weft's 0.169 sends. */
function outgoingFiles(): string[] {
  const names = [
    'InitializeResponse',
    ...Object.keys(RESULTS_0169).map((m) => REQUEST_TYPE_NAMES[m]?.[1] as string),
    ...Object.keys(NOTIFICATIONS_0169).map((m) => NOTIFICATION_TYPE_NAMES[m] as string),
    ...Object.keys(SERVER_REQUESTS_0169).flatMap((m) => SERVER_REQUEST_TYPE_NAMES[m] as readonly string[]),
  ];
  return [...new Set(names)].map(fileOf);
}

afterAll(removeTempDirs);

describe.skipIf(!existsSync(AUTHORITY_0169_DIR))('0.169 shapes generated from Codex 0.169\'s JSON Schema', () => {
  it('the generated zod module is what the generator makes of the recorded schema', () => {
    const bundle = JSON.parse(readFileSync(join(AUTHORITY_0169_DIR, 'codex_app_server_protocol.schemas.json'), 'utf8')) as { definitions: Record<string, unknown> };
    const committed = readFileSync(join(process.cwd(), 'protocol', 'app-server', 'v0169', 'generated', 'shapes.ts'), 'utf8');
    expect(committed === shapesModule0169(bundle.definitions), 'stale: run npx tsx scripts/generate-protocol-0169.ts').toBe(true);
  });

  describe('generate-json-schema', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await tempDir('weft-schema-0169-');
      const err: string[] = [];
      const code = await main(['app-server', 'generate-json-schema', '--experimental', '--compat', 'codex-0.169', '--out', dir], { env: {}, cwd: dir, stdout: () => undefined, stderr: (l) => err.push(l), isTty: false });
      expect(code, err.join('\n')).toBe(0);
    });

    it('every answer, notification and server-request file is the one Codex writes, structurally', () => {
      const files = outgoingFiles();
      expect(files.length).toBeGreaterThan(50);
      const differences: string[] = [];
      for (const file of files) {
        const ours = shapes(join(dir, file));
        const theirs = shapes(join(AUTHORITY_0169_DIR, file));
        expect(Object.keys(ours).sort(), `${file}: named types`).toEqual(Object.keys(theirs).sort());
        for (const [name, shape] of Object.entries(theirs)) {
          const d = firstDifference(ours[name], shape);
          if (d) differences.push(`${file} ${name || '(the type)'} ${d}`);
        }
      }
      expect(differences).toEqual([]);
    });

    it('a loosened shape is a difference (the comparison can fail)', () => {
      const file = join(AUTHORITY_0169_DIR, 'v2', 'ThreadStartedNotification.json');
      const theirs = JSON.parse(readFileSync(file, 'utf8')) as { definitions: Record<string, { required?: string[]; properties: Record<string, unknown> }> };
      const thread = theirs.definitions.Thread as { required?: string[]; properties: Record<string, unknown> };
      const loosened = { ...thread, required: (thread.required ?? []).filter((k) => k !== 'ephemeral') };
      expect(JSON.stringify(canonical(loosened))).not.toBe(JSON.stringify(canonical(thread)));
      const retyped = { ...thread, properties: { ...thread.properties, turns: { type: 'array', items: true } } };
      expect(JSON.stringify(canonical(retyped))).not.toBe(JSON.stringify(canonical(thread)));
    });
  });
});
