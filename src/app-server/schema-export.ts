// `weft app-server generate-json-schema`: JSON Schema (draft-07) of the messages weft's app-server
// speaks, generated from the zod schemas in protocol/app-server (one source of truth), laid out as
// Codex lays out its generated schema so that clients generating code from it find each type where
// they look: `v2/<Type>.json` per params, response and notification type, the handshake under
// `v1/`, server-to-client requests, the JSON-RPC envelopes and the method unions (ClientRequest,
// ServerRequest, ServerNotification, ClientNotification) at the top, and two bundles holding every
// definition (`codex_app_server_protocol.schemas.json`, `….v2.schemas.json`).
// Only what weft serves is written: a method weft answers with "not supported" has no file.
// Under the 0.169 and 0.171 generations answers, notifications and requests to the client are
// that Codex's exact shapes (protocol/app-server/v0169|v0171/outgoing.ts, generated from its schema),
// each file carrying the named types it uses in `definitions`, as Codex's files do; under
// codex-0.98 they are the shapes of weft's 0.98 protocol, as before.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { McpServerRefreshResponse } from '../../protocol/app-server/mcp.js';
import { JsonRpcError, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from '../../protocol/app-server/jsonrpc.js';
import { CLIENT_REQUESTS, SERVER_NOTIFICATIONS, SERVER_REQUESTS, type MethodSchemas } from '../../protocol/app-server/methods.js';
import { NOTIFICATION_TYPE_NAMES, REQUEST_TYPE_NAMES, SERVER_REQUEST_TYPE_NAMES } from '../../protocol/app-server/type-names.js';
import * as C from '../../protocol/app-server/v0169/config-params.js';
import { PARAMS_0169, type Method0169 } from '../../protocol/app-server/v0169/method-params.js';
import { INITIALIZE_RESULT_0169, NOTIFICATIONS_0169, RESULTS_0169 as OUTGOING_RESULTS_0169, SERVER_REQUESTS_0169 } from '../../protocol/app-server/v0169/outgoing.js';
import type { CompatProfileName } from '../../protocol/config.js';
import { ModelProviderDefaultSetParams0171, ThreadListParams0171 } from '../../protocol/app-server/v0171/params.js';
import { INITIALIZE_RESULT_0171, NOTIFICATIONS_0171, RESULTS_0171, SERVER_REQUESTS_0171 } from '../../protocol/app-server/v0171/outgoing.js';
import { getProfile } from '../profile/profiles.js';
import type { ProtocolGeneration } from '../profile/profile-delta.js';
import { DEFAULT_COMPAT } from '../profile/profile-facts.js';

export function toJsonSchema(schema: z.ZodType, title: string, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...json, title };
}

type Json = Record<string, unknown>;

/** zod's bounds for a plain integer (the safe range): Codex states none, so none are written. */
function withoutSafeBounds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutSafeBounds);
  if (typeof v !== 'object' || v === null) return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) {
    if ((k === 'minimum' && x === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && x === Number.MAX_SAFE_INTEGER)) continue;
    out[k] = withoutSafeBounds(x);
  }
  return out;
}

/**
 * A 0.169 shape (named types tagged with their ids) as Codex writes its file: the type itself at
 * the top, the named types it uses in `definitions`. Objects are described as accepted (`input`):
 * open, as Codex's are, since its messages carry experimental fields its schema leaves out.
 */
export function namedJsonSchema(schema: z.ZodType, title: string): Json {
  const json = withoutSafeBounds(z.toJSONSchema(schema, { target: 'draft-07', io: 'input', unrepresentable: 'any' })) as Json;
  const { $ref, definitions = {}, ...rest } = json as Json & { $ref?: string; definitions?: Record<string, Json> };
  const own = typeof $ref === 'string' ? $ref.replace('#/definitions/', '') : undefined;
  const { [own ?? '']: root, ...others } = definitions;
  const body = own !== undefined && root ? { ...rest, ...root } : rest;
  return { ...body, title, ...(Object.keys(others).length > 0 ? { definitions: others } : {}) };
}

/** The schemas of `files` with their `definitions` moved out into one map (for bundles and unions). */
function hoisted(files: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(files)) {
    const { definitions, ...rest } = schema as Json & { definitions?: Record<string, Json> };
    Object.assign(out, definitions ?? {});
    out[name] = rest;
  }
  return out;
}

export interface ExportOptions {
  readonly experimental?: boolean;
  /** The protocol generation described (default: today's, the default profile's). */
  readonly generation?: CompatProfileName;
}

export interface SchemaFile {
  /** Relative path, `/`-separated. */
  readonly file: string;
  readonly schema: Record<string, unknown>;
}

type Pair = { params: z.ZodType | null; result: z.ZodType; experimental?: boolean; named?: boolean };

/** Results weft has a schema of that the 0.98 table lacks (methods 0.169 added). */
const RESULTS_0169: Partial<Record<Method0169, z.ZodType>> = {
  'config/read': C.ConfigReadResponse0169,
  'config/value/write': C.ConfigWriteResponse0169,
  'config/batchWrite': C.ConfigWriteResponse0169,
  'configRequirements/read': C.ConfigRequirementsReadResponse0169,
  'config/mcpServer/reload': McpServerRefreshResponse,
};

/**
 * The client requests weft serves to 0.169 clients: their 0.169 params, and the result: Codex
 * 0.169's shape, or (codex-0.98) the shape of weft's 0.98 protocol.
 */
function clientRequests(today: Tables | undefined): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  const methods = [...new Set([...Object.keys(PARAMS_0169), 'collaborationMode/list', 'mcpServerStatus/list', ...(today ? Object.keys(today.results) : [])])];
  for (const method of methods) {
    if (method === 'thread/rollback') continue; // not part of 0.169
    const old = (CLIENT_REQUESTS as Record<string, MethodSchemas | undefined>)[method];
    const own = today?.params[method];
    const params = own !== undefined ? own : method in PARAMS_0169 ? (PARAMS_0169[method as Method0169] as z.ZodType | null) : (old?.params ?? null);
    const shaped = today?.results[method];
    const result = shaped ?? RESULTS_0169[method as Method0169] ?? old?.result ?? z.looseObject({});
    out[method] = { params, result, ...(old?.experimental ? { experimental: true } : {}), ...(shaped ? { named: true } : {}) };
  }
  return out;
}

/** What a generation after 0.98 sends, in its own generated shapes; undefined for 0.98. */
interface Tables {
  readonly params: Readonly<Record<string, z.ZodType | null>>;
  readonly results: Readonly<Record<string, z.ZodType>>;
  readonly initialize: z.ZodType;
  readonly notifications: Readonly<Record<string, z.ZodType>>;
  readonly serverRequests: Readonly<Record<string, MethodSchemas>>;
}

function tablesOf(generation: ProtocolGeneration): Tables | undefined {
  if (generation === '0.98') return undefined;
  if (generation === '0.169') return { params: {}, results: OUTGOING_RESULTS_0169, initialize: INITIALIZE_RESULT_0169, notifications: NOTIFICATIONS_0169, serverRequests: SERVER_REQUESTS_0169 };
  return {
    params: { 'thread/list': ThreadListParams0171, 'modelProvider/default/set': ModelProviderDefaultSetParams0171 },
    results: RESULTS_0171,
    initialize: INITIALIZE_RESULT_0171,
    notifications: NOTIFICATIONS_0171,
    serverRequests: SERVER_REQUESTS_0171,
  };
}

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });

/** `{id, method, params}` alternatives of a request union, as Codex titles them. */
function requestUnion(title: string, entries: Array<[string, string | null]>, withId: boolean): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    oneOf: entries.map(([method, params]) => ({
      type: 'object',
      title: `${method.charAt(0).toUpperCase()}${method.slice(1)}${withId ? 'Request' : 'Notification'}`,
      properties: {
        ...(withId ? { id: ref('RequestId') } : {}),
        method: { type: 'string', enum: [method] },
        ...(params ? { params: ref(params) } : {}),
      },
      required: [...(withId ? ['id'] : []), 'method', ...(params ? ['params'] : [])],
    })),
  };
}

/** Client requests whose params and answer Codex's layout keeps at its top, beside the server requests. */
const TOP_LEVEL_REQUESTS: ReadonlySet<string> = new Set(['fuzzyFileSearch']);

/** Every schema file, by relative path. Params are described as accepted (input), results as sent. */
export function schemaFiles(opts: ExportOptions = {}): SchemaFile[] {
  // Every generation after 0.98 speaks 0.169's protocol or one built on it.
  const today = tablesOf(getProfile(opts.generation ?? DEFAULT_COMPAT).protocolGeneration);
  const v2: Record<string, Json> = {};
  const top: Record<string, Json> = {};
  const v1: Record<string, Json> = {
    InitializeParams: toJsonSchema(CLIENT_REQUESTS.initialize.params, 'InitializeParams', 'input'),
    InitializeResponse: today ? namedJsonSchema(today.initialize, 'InitializeResponse') : toJsonSchema(CLIENT_REQUESTS.initialize.result, 'InitializeResponse', 'output'),
  };
  const requests: Array<[string, string | null]> = [['initialize', 'InitializeParams']];
  for (const [method, pair] of Object.entries(clientRequests(today))) {
    if (pair.experimental && opts.experimental !== true) continue;
    const names = REQUEST_TYPE_NAMES[method];
    if (!names) throw new Error(`no Codex type name for ${method}`);
    const [paramsName, resultName] = names;
    // A few older methods keep their shapes at the top of Codex's layout, not under v2/.
    const at = TOP_LEVEL_REQUESTS.has(method) ? top : v2;
    if (paramsName && pair.params) at[paramsName] = toJsonSchema(pair.params, paramsName, 'input');
    at[resultName] = pair.named ? namedJsonSchema(pair.result, resultName) : toJsonSchema(pair.result, resultName, 'output');
    requests.push([method, paramsName]);
  }
  const notifications: Array<[string, string | null]> = [];
  for (const [method, schema] of Object.entries(today ? today.notifications : SERVER_NOTIFICATIONS) as Array<[string, z.ZodType]>) {
    const name = NOTIFICATION_TYPE_NAMES[method];
    if (!name) throw new Error(`no Codex type name for notification ${method}`);
    v2[name] = today ? namedJsonSchema(schema, name) : toJsonSchema(schema, name, 'output');
    notifications.push([method, name]);
  }
  const serverRequests: Array<[string, string | null]> = [];
  for (const [method, s] of Object.entries(today ? today.serverRequests : SERVER_REQUESTS) as Array<[string, MethodSchemas]>) {
    if (s.experimental && opts.experimental !== true) continue;
    const names = SERVER_REQUEST_TYPE_NAMES[method];
    if (!names) throw new Error(`no Codex type name for server request ${method}`);
    top[names[0]] = today ? namedJsonSchema(s.params, names[0]) : toJsonSchema(s.params, names[0], 'output');
    top[names[1]] = today ? namedJsonSchema(s.result, names[1]) : toJsonSchema(s.result, names[1], 'input');
    serverRequests.push([method, names[0]]);
  }
  top.RequestId = toJsonSchema(RequestId, 'RequestId', 'input');
  top.JSONRPCRequest = toJsonSchema(JsonRpcRequest, 'JSONRPCRequest', 'input');
  top.JSONRPCNotification = toJsonSchema(JsonRpcNotification, 'JSONRPCNotification', 'input');
  top.JSONRPCResponse = toJsonSchema(JsonRpcResponse, 'JSONRPCResponse', 'output');
  top.JSONRPCError = toJsonSchema(JsonRpcError, 'JSONRPCError', 'output');

  // The unions carry the definitions they point at (and the types those use), so each file stands alone.
  const all = { ...v1, ...v2, ...top };
  const union = (u: Json, entries: Array<[string, string | null]>) => ({
    ...u,
    definitions: hoisted(Object.fromEntries([['RequestId', top.RequestId as Json], ...entries.filter(([, n]) => n !== null).map(([, n]) => [n as string, all[n as string] as Json])])),
  });
  top.ClientRequest = union(requestUnion('ClientRequest', requests, true), requests);
  top.ServerRequest = union(requestUnion('ServerRequest', serverRequests, true), serverRequests);
  top.ServerNotification = union(requestUnion('ServerNotification', notifications, false), notifications);
  top.ClientNotification = requestUnion('ClientNotification', [['initialized', null]], false);

  const files: SchemaFile[] = [
    ...Object.entries(v1).map(([n, schema]) => ({ file: `v1/${n}.json`, schema })),
    ...Object.entries(v2).map(([n, schema]) => ({ file: `v2/${n}.json`, schema })),
    ...Object.entries(top).map(([n, schema]) => ({ file: `${n}.json`, schema })),
  ];
  const bundle = (title: string, defs: Record<string, Json>) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    type: 'object',
    definitions: hoisted(defs),
  });
  files.push({ file: 'codex_app_server_protocol.schemas.json', schema: bundle('CodexAppServerProtocol', { ...top, ...v1, ...v2 }) });
  files.push({ file: 'codex_app_server_protocol.v2.schemas.json', schema: bundle('CodexAppServerProtocolV2', v2) });
  return files;
}

/** Writes the schema files into `dir` (created if needed); returns the paths written. */
export async function writeJsonSchemas(dir: string, opts: ExportOptions = {}): Promise<string[]> {
  const written: string[] = [];
  for (const f of schemaFiles(opts)) {
    const target = path.join(dir, ...f.file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(f.schema, null, 2)}\n`);
    written.push(target);
  }
  return written;
}
