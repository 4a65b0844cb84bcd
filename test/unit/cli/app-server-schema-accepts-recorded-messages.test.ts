// `weft app-server generate-json-schema` writes JSON Schema generated from weft's zod protocol
// schemas; read back, the schema of every method weft implements accepts what Codex 0.98 sent and
// answered in the recordings, and rejects the params Codex itself rejected as malformed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REQUEST_TYPE_NAMES, SERVER_REQUEST_TYPE_NAMES } from '../../../protocol/app-server/type-names.js';
import { main } from '../../../src/cli/main.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

type Msg = { id?: unknown; method?: string; params?: unknown; result?: unknown; error?: { message?: string } };
type Index = Record<'clientRequests' | 'serverNotifications' | 'serverRequests', Record<string, { params: string; result?: string }>>;

const root = conformanceRoot();

/** The fixtures replace numeric times with placeholders; put numbers back before validating. */
const NUMERIC_PLACEHOLDERS = new Set(['{{UNIX_S}}', '{{UNIX_MS}}', '{{DURATION_MS}}']);
function denormalize(v: unknown): unknown {
  if (typeof v === 'string') return NUMERIC_PLACEHOLDERS.has(v) ? 1_700_000_000 : v;
  if (Array.isArray(v)) return v.map(denormalize);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, denormalize(x)]));
  return v;
}

/** Every recorded message, grouped by process (ids are per process). */
function recordings(): Array<Array<{ dir: 'c2s' | 's2c'; msg: Msg }>> {
  const out: Array<Array<{ dir: 'c2s' | 's2c'; msg: Msg }>> = [];
  for (const s of ['a', 'b', 'c', 'd']) {
    const file = join(root, 'appserver-0.98', s, 'transcript.jsonl');
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { proc: string; dir: string; msg?: Msg });
    for (const proc of new Set(lines.map((l) => l.proc))) {
      out.push(lines.filter((l) => l.proc === proc && l.msg && (l.dir === 'c2s' || l.dir === 's2c')).map((l) => ({ dir: l.dir as 'c2s' | 's2c', msg: l.msg as Msg })));
    }
  }
  const scenarios = join(root, 'codex-0.98', 'scenarios');
  for (const name of existsSync(scenarios) ? readdirSync(scenarios) : []) {
    const file = join(scenarios, name, 'app.appserver.jsonl');
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { dir: string; msg: Msg });
    out.push(lines.map((l) => ({ dir: l.dir === 'client->server' ? 'c2s' : 's2c', msg: l.msg })));
  }
  return out;
}

afterAll(removeTempDirs);

/** Where a type's file is in Codex's layout (v2/, v1/ or the top). */
function typeFile(dir: string, name: string): string {
  return ['v2', 'v1', '.'].map((d) => join(d, `${name}.json`)).find((f) => existsSync(join(dir, f))) ?? `${name}.json`;
}

/** Method → its params and result files, read from the method unions the export writes. */
function indexOf(dir: string): Index {
  const union = (file: string, withResult: boolean) => {
    const u = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { oneOf: Array<{ properties: { method: { enum: string[] }; params?: { $ref: string } } }> };
    const out: Record<string, { params: string; result?: string }> = {};
    for (const alt of u.oneOf) {
      const ref = alt.properties.params?.$ref.replace('#/definitions/', '');
      if (!ref) continue;
      const method = alt.properties.method.enum[0] as string;
      const result = REQUEST_TYPE_NAMES[method]?.[1] ?? SERVER_REQUEST_TYPE_NAMES[method]?.[1] ?? ref.replace(/Params$/, 'Response');
      out[method] = { params: typeFile(dir, ref), ...(withResult ? { result: typeFile(dir, result) } : {}) };
    }
    return out;
  };
  return { clientRequests: union('ClientRequest.json', true), serverNotifications: union('ServerNotification.json', false), serverRequests: union('ServerRequest.json', true) };
}

describe.skipIf(!existsSync(join(root, 'appserver-0.98')))('generated JSON Schema against the Codex recordings', () => {
  let dir: string;
  let index: Index;
  const schemas = new Map<string, z.ZodType>();
  const schema = (file: string): z.ZodType => {
    let s = schemas.get(file);
    if (!s) {
      s = z.fromJSONSchema(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Parameters<typeof z.fromJSONSchema>[0]);
      schemas.set(file, s);
    }
    return s;
  };

  beforeAll(async () => {
    dir = await tempDir('weft-schema-');
    const err: string[] = [];
    const code = await main(['app-server', 'generate-json-schema', '--experimental', '--compat', 'codex-0.98', '--out', dir], { env: {}, cwd: dir, stdout: () => undefined, stderr: (l) => err.push(l), isTty: false });
    expect(code, err.join('\n')).toBe(0);
    index = indexOf(dir);
  });

  test('every implemented method and notification has its schema files', () => {
    for (const group of Object.values(index)) {
      for (const entry of Object.values(group)) {
        expect(existsSync(join(dir, entry.params))).toBe(true);
        if (entry.result) expect(existsSync(join(dir, entry.result))).toBe(true);
      }
    }
    expect(Object.keys(index.clientRequests)).toContain('turn/start');
    expect(Object.keys(index.serverNotifications)).toContain('item/agentMessage/delta');
  });

  test('recorded requests, answers and notifications of implemented methods are accepted; malformed params Codex refused are refused', () => {
    const checked = new Map<string, number>();
    const count = (k: string) => checked.set(k, (checked.get(k) ?? 0) + 1);
    const problems: string[] = [];
    const check = (what: string, file: string, value: unknown) => {
      const r = schema(file).safeParse(denormalize(value));
      if (!r.success) problems.push(`${what}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`);
      count(what);
    };
    for (const messages of recordings()) {
      const requests = new Map<string, Msg>();
      for (const { dir: d, msg } of messages) {
        if (d === 'c2s' && typeof msg.method === 'string' && msg.id !== undefined) requests.set(JSON.stringify(msg.id), msg);
      }
      for (const { dir: d, msg } of messages) {
        if (d !== 's2c') continue;
        if (typeof msg.method === 'string' && msg.id === undefined) {
          const entry = index.serverNotifications[msg.method];
          if (entry) check(`notification ${msg.method}`, entry.params, msg.params);
          continue;
        }
        const req = requests.get(JSON.stringify(msg.id));
        const entry = req?.method ? index.clientRequests[req.method] : undefined;
        if (!req || !entry) continue;
        if (msg.error === undefined) {
          check(`params ${req.method}`, entry.params, req.params ?? {});
          check(`result ${req.method}`, entry.result as string, msg.result);
        } else if (/^Invalid request: (missing field|invalid type|unknown variant `bogus`)/.test(msg.error.message ?? '')) {
          if (req.params !== undefined && schema(entry.params).safeParse(req.params).success) problems.push(`params ${req.method} ${JSON.stringify(req.params)} accepted, Codex refused it`);
          count(`refused ${req.method}`);
        }
      }
    }
    expect(problems).toEqual([]);
    for (const method of [
      'initialize',
      'thread/start',
      'thread/resume',
      'thread/fork',
      'thread/list',
      'thread/loaded/list',
      'thread/read',
      'thread/compact/start',
      'turn/start',
      'turn/interrupt',
      'collaborationMode/list',
    ]) {
      expect(checked.get(`result ${method}`), method).toBeGreaterThan(0);
    }
    for (const n of ['thread/started', 'turn/started', 'turn/completed', 'item/started', 'item/completed', 'item/agentMessage/delta', 'thread/tokenUsage/updated', 'error', 'thread/compacted']) {
      expect(checked.get(`notification ${n}`), n).toBeGreaterThan(0);
    }
    expect(checked.get('refused turn/start')).toBeGreaterThan(0);
  });
});
