// `weft app-server generate-json-schema`: JSON Schema (draft-07) of the messages weft's app-server
// speaks, generated from the zod schemas in protocol/app-server (one source of truth), laid out as
// Codex lays out its generated schema so that clients generating code from it find each type where
// they look: `v2/<Type>.json` per params, response and notification type, the handshake under
// `v1/`, server-to-client requests, the JSON-RPC envelopes and the method unions (ClientRequest,
// ServerRequest, ServerNotification, ClientNotification) at the top, and two bundles holding every
// definition (`codex_app_server_protocol.schemas.json`, `….v2.schemas.json`).
// Only what weft serves is written: a method weft answers with "not supported" has no file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { McpServerRefreshResponse } from '../../protocol/app-server/mcp.js';
import { JsonRpcError, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse, RequestId } from '../../protocol/app-server/jsonrpc.js';
import { CLIENT_REQUESTS, SERVER_NOTIFICATIONS, SERVER_REQUESTS, type MethodSchemas } from '../../protocol/app-server/methods.js';
import { NOTIFICATION_TYPE_NAMES, REQUEST_TYPE_NAMES, SERVER_REQUEST_TYPE_NAMES } from '../../protocol/app-server/type-names.js';
import * as C from '../../protocol/app-server/v0169/config-params.js';
import { PARAMS_0169, type Method0169 } from '../../protocol/app-server/v0169/method-params.js';

export function toJsonSchema(schema: z.ZodType, title: string, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io, unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...json, title };
}

export interface SchemaFile {
  /** Relative path, `/`-separated. */
  readonly file: string;
  readonly schema: Record<string, unknown>;
}

type Pair = { params: z.ZodType | null; result: z.ZodType; experimental?: boolean };

/** Results weft has a schema of that the 0.98 table lacks (methods 0.169 added). */
const RESULTS_0169: Partial<Record<Method0169, z.ZodType>> = {
  'config/read': C.ConfigReadResponse0169,
  'config/value/write': C.ConfigWriteResponse0169,
  'config/batchWrite': C.ConfigWriteResponse0169,
  'configRequirements/read': C.ConfigRequirementsReadResponse0169,
  'config/mcpServer/reload': McpServerRefreshResponse,
};

/**
 * The client requests weft serves to 0.169 clients: their 0.169 params, and the result as weft's
 * zod describes it (an open object where weft has no schema of the 0.169 answer yet).
 */
function clientRequests(): Record<string, Pair> {
  const out: Record<string, Pair> = {};
  const methods = [...Object.keys(PARAMS_0169), 'collaborationMode/list', 'mcpServerStatus/list'] as string[];
  for (const method of methods) {
    if (method === 'thread/rollback') continue; // not part of 0.169
    const old = (CLIENT_REQUESTS as Record<string, MethodSchemas | undefined>)[method];
    const params = method in PARAMS_0169 ? (PARAMS_0169[method as Method0169] as z.ZodType | null) : (old?.params ?? null);
    const result = RESULTS_0169[method as Method0169] ?? old?.result ?? z.looseObject({});
    out[method] = { params, result, ...(old?.experimental ? { experimental: true } : {}) };
  }
  return out;
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

/** Every schema file, by relative path. Params are described as accepted (input), results as sent. */
export function schemaFiles(opts: { experimental?: boolean } = {}): SchemaFile[] {
  const v2: Record<string, Record<string, unknown>> = {};
  const top: Record<string, Record<string, unknown>> = {};
  const v1: Record<string, Record<string, unknown>> = {
    InitializeParams: toJsonSchema(CLIENT_REQUESTS.initialize.params, 'InitializeParams', 'input'),
    InitializeResponse: toJsonSchema(CLIENT_REQUESTS.initialize.result, 'InitializeResponse', 'output'),
  };
  const requests: Array<[string, string | null]> = [['initialize', 'InitializeParams']];
  for (const [method, pair] of Object.entries(clientRequests())) {
    if (pair.experimental && opts.experimental !== true) continue;
    const names = REQUEST_TYPE_NAMES[method];
    if (!names) throw new Error(`no Codex type name for ${method}`);
    const [paramsName, resultName] = names;
    if (paramsName && pair.params) v2[paramsName] = toJsonSchema(pair.params, paramsName, 'input');
    v2[resultName] = toJsonSchema(pair.result, resultName, 'output');
    requests.push([method, paramsName]);
  }
  const notifications: Array<[string, string | null]> = [];
  for (const [method, schema] of Object.entries(SERVER_NOTIFICATIONS)) {
    const name = NOTIFICATION_TYPE_NAMES[method];
    if (!name) throw new Error(`no Codex type name for notification ${method}`);
    v2[name] = toJsonSchema(schema, name, 'output');
    notifications.push([method, name]);
  }
  const serverRequests: Array<[string, string | null]> = [];
  for (const [method, s] of Object.entries(SERVER_REQUESTS) as Array<[string, MethodSchemas]>) {
    if (s.experimental && opts.experimental !== true) continue;
    const names = SERVER_REQUEST_TYPE_NAMES[method];
    if (!names) throw new Error(`no Codex type name for server request ${method}`);
    top[names[0]] = toJsonSchema(s.params, names[0], 'output');
    top[names[1]] = toJsonSchema(s.result, names[1], 'input');
    serverRequests.push([method, names[0]]);
  }
  top.RequestId = toJsonSchema(RequestId, 'RequestId', 'input');
  top.JSONRPCRequest = toJsonSchema(JsonRpcRequest, 'JSONRPCRequest', 'input');
  top.JSONRPCNotification = toJsonSchema(JsonRpcNotification, 'JSONRPCNotification', 'input');
  top.JSONRPCResponse = toJsonSchema(JsonRpcResponse, 'JSONRPCResponse', 'output');
  top.JSONRPCError = toJsonSchema(JsonRpcError, 'JSONRPCError', 'output');

  // The unions carry the definitions they point at, so each file stands alone.
  const all = { ...v1, ...v2, ...top };
  const union = (u: Record<string, unknown>, entries: Array<[string, string | null]>) => ({
    ...u,
    definitions: Object.fromEntries([['RequestId', top.RequestId], ...entries.filter(([, n]) => n !== null).map(([, n]) => [n, all[n as string]])]),
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
  const bundle = (title: string, defs: Record<string, Record<string, unknown>>) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title,
    type: 'object',
    definitions: defs,
  });
  files.push({ file: 'codex_app_server_protocol.schemas.json', schema: bundle('CodexAppServerProtocol', { ...top, ...v1, ...v2 }) });
  files.push({ file: 'codex_app_server_protocol.v2.schemas.json', schema: bundle('CodexAppServerProtocolV2', v2) });
  return files;
}

/** Writes the schema files into `dir` (created if needed); returns the paths written. */
export async function writeJsonSchemas(dir: string, opts: { experimental?: boolean } = {}): Promise<string[]> {
  const written: string[] = [];
  for (const f of schemaFiles(opts)) {
    const target = path.join(dir, ...f.file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(f.schema, null, 2)}\n`);
    written.push(target);
  }
  return written;
}
