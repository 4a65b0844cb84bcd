// Every client request of Codex 0.169's app-server schema gets an answer from weft: a result that
// the schema's `<Name>Response` accepts, or a JSON-RPC error that is not an internal error — never
// a crash, never silence. Each method is called with the smallest params its schema accepts
// (required fields only, each the simplest value of its type), then again with no params at all.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

type Schema = Record<string, unknown>;
const schemaDir = join(conformanceRoot(), 'appserver-0.169', 'schema', 'json');

/** The smallest value `schema` accepts: required properties only, first alternatives, empty arrays. */
function minimal(schema: Schema | boolean | undefined, defs: Record<string, Schema>, depth = 0): unknown {
  if (schema === true) return 'x';
  if (typeof schema !== 'object' || depth > 12) return {};
  if (typeof schema.$ref === 'string') return minimal(defs[schema.$ref.replace('#/definitions/', '')], defs, depth + 1);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (Array.isArray(options)) return minimal(options.find((o) => o.type !== 'null') ?? options[0], defs, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'string':
      return 'x';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    default: {
      const props = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((k) => [k, minimal(props[k], defs, depth + 1)]));
    }
  }
}

describe.skipIf(!existsSync(schemaDir))('every 0.169 client request is answered', () => {
  let mock: MockServer;
  let client: InProcessClient;
  const clientRequest = existsSync(schemaDir) ? (JSON.parse(readFileSync(join(schemaDir, 'ClientRequest.json'), 'utf8')) as Schema) : {};
  const defs = (clientRequest.definitions ?? {}) as Record<string, Schema>;
  const methods = ((clientRequest.oneOf ?? []) as Schema[]).map((o) => {
    const props = o.properties as Record<string, Schema>;
    const method = (props.method?.enum as string[])[0] as string;
    const ref = (props.params?.$ref as string | undefined)?.replace('#/definitions/', '');
    return { method, paramsType: ref, params: ref ? minimal(defs[ref], defs) : undefined };
  });
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const v2 = existsSync(schemaDir) ? (JSON.parse(readFileSync(join(schemaDir, 'codex_app_server_protocol.v2.schemas.json'), 'utf8')) as Schema) : {};
  ajv.addSchema(v2, 'v2');
  const v2defs = (v2.definitions ?? {}) as Record<string, Schema>;
  const responseValidator = (paramsType: string | undefined): ValidateFunction | undefined => {
    const name = paramsType?.replace(/Params$/, 'Response');
    return name && v2defs[name] ? ajv.getSchema(`v2#/definitions/${name}`) : undefined;
  };

  beforeAll(async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace0169(mock.url);
    client = new InProcessClient(ws.options);
    await client.initialize(true);
  });
  afterAll(async () => {
    await client.close();
    await mock.close();
    await removeTempDirs();
  });

  it('the schema lists the methods (sanity)', () => {
    expect(methods.length).toBeGreaterThan(100);
    expect(methods.map((m) => m.method)).toContain('config/read');
  });

  /** What is wrong with an answer ('' when nothing). */
  const problem = (method: string, paramsType: string | undefined, answer: Msg): string => {
    if (answer.error !== undefined) {
      const error = answer.error as { code?: unknown; message?: unknown };
      if (typeof error.code !== 'number') return `${method}: error without a numeric code`;
      if (error.code === -32603) return `${method}: internal error: ${String(error.message)}`;
      return typeof error.message === 'string' && error.message.length > 0 ? '' : `${method}: error without a message`;
    }
    if (answer.result === undefined) return `${method}: neither result nor error`;
    const validate = responseValidator(paramsType);
    if (validate && !validate(answer.result)) return `${method}: result not valid: ${JSON.stringify(validate.errors?.[0])}`;
    return '';
  };

  it('answers each with minimal params: a schema-valid result or a clear error', async () => {
    const problems: string[] = [];
    for (const { method, paramsType, params } of methods) problems.push(problem(method, paramsType, await client.request(method, params)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers every request method of the protocol, experimental ones included, with `{}` params', async () => {
    // methods.md lists all 184 (ClientRequest.json leaves the experimental ones out).
    const table = readFileSync(join(schemaDir, '..', '..', 'methods.md'), 'utf8').split('### ')[1] ?? '';
    const all = [...table.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1] as string);
    expect(all.length).toBeGreaterThan(180);
    const problems: string[] = [];
    for (const method of all) problems.push(problem(method, undefined, await client.request(method, {})));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers each with no params: a result or a clear error', async () => {
    const problems: string[] = [];
    for (const { method, paramsType } of methods) problems.push(problem(method, paramsType, await client.request(method)));
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
