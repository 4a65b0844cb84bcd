// Codex 0.169's generated JSON Schema (the recorded `schema/json` directory, the authority on shapes)
// as a validator of what an app-server sends: each notification's params against the type the
// ServerNotification union names for its method, each server request's params against the
// ServerRequest union, each answer against the `…Response` of the request it answers (or the
// JSON-RPC error object). A real JSON Schema validator (ajv) reads the schema; nothing of weft's own
// schemas is involved, so a shape weft got wrong cannot pass by agreeing with itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { REQUEST_TYPE_NAMES } from '../../protocol/app-server/type-names.js';
import { conformanceRoot } from '../conformance/scenario.js';
import type { Msg } from './appserver-client.js';

type Schema = Record<string, unknown>;

export const AUTHORITY_0169_DIR = join(conformanceRoot(), 'appserver-0.169', 'schema', 'json');
const BUNDLE = 'codex';

/** method → `#/definitions/…` pointer of its params, from one of the bundle's method unions. */
function paramsByMethod(union: Schema): Map<string, string> {
  const out = new Map<string, string>();
  for (const alt of (union.oneOf ?? []) as Schema[]) {
    const props = alt.properties as Record<string, Schema>;
    const method = (props.method?.enum as string[] | undefined)?.[0];
    const ref = props.params?.$ref as string | undefined;
    if (method && ref) out.set(method, ref);
  }
  return out;
}

export class AuthoritySchema0169 {
  readonly #ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  readonly #defs: Record<string, Schema>;
  readonly #notifications: Map<string, string>;
  readonly #serverRequests: Map<string, string>;
  readonly #clientRequests: Map<string, string>;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(dir = AUTHORITY_0169_DIR) {
    const bundle = JSON.parse(readFileSync(join(dir, 'codex_app_server_protocol.schemas.json'), 'utf8')) as Schema;
    this.#ajv.addSchema(bundle, BUNDLE);
    this.#defs = bundle.definitions as Record<string, Schema>;
    this.#notifications = paramsByMethod(this.#defs.ServerNotification as Schema);
    this.#serverRequests = paramsByMethod(this.#defs.ServerRequest as Schema);
    this.#clientRequests = paramsByMethod(this.#defs.ClientRequest as Schema);
  }

  /** The schema's `…Response` pointer for a client request method (Codex's names, else Params → Response). */
  responseOf(method: string): string | undefined {
    if (method === 'initialize') return '#/definitions/InitializeResponse';
    const params = this.#clientRequests.get(method);
    const named = REQUEST_TYPE_NAMES[method]?.[1];
    const name = named ?? params?.replace(/^.*\//, '').replace(/Params$/, 'Response');
    const v2 = (this.#defs.v2 ?? {}) as Record<string, unknown>;
    if (name && name in v2) return `#/definitions/v2/${name}`;
    if (name && name in this.#defs) return `#/definitions/${name}`;
    return undefined;
  }

  #validator(pointer: string): ValidateFunction {
    let v = this.#compiled.get(pointer);
    if (!v) {
      const found = this.#ajv.getSchema(`${BUNDLE}${pointer}`);
      if (!found) throw new Error(`the authority schema has no ${pointer}`);
      v = found;
      this.#compiled.set(pointer, v);
    }
    return v;
  }

  /** '' when `value` is a valid `pointer`, else what is wrong (ajv's first complaint). */
  check(pointer: string, value: unknown): string {
    const validate = this.#validator(pointer);
    if (validate(value)) return '';
    const e = validate.errors?.[0];
    return `${pointer.replace('#/definitions/', '')}${e?.instancePath ?? ''} ${e?.message ?? 'invalid'}${e?.params ? ` ${JSON.stringify(e.params)}` : ''}`;
  }

  /**
   * What is wrong with one message the server sent ('' when nothing). `methodOf` names the client
   * request an answer answers (by its id).
   */
  problem(msg: Msg, methodOf: (id: unknown) => string | undefined): string {
    if (typeof msg.method === 'string') {
      const isRequest = msg.id !== undefined;
      const pointer = (isRequest ? this.#serverRequests : this.#notifications).get(msg.method);
      if (!pointer) return `${isRequest ? 'server request' : 'notification'} ${msg.method}: no such method in the schema`;
      const p = this.check(pointer, msg.params);
      return p && `${msg.method}: ${p}`;
    }
    if (msg.error !== undefined) {
      const p = this.check('#/definitions/JSONRPCErrorError', msg.error);
      return p && `error answer ${JSON.stringify(msg.id)}: ${p}`;
    }
    const method = methodOf(msg.id);
    if (!method) return `answer ${JSON.stringify(msg.id)}: answers no request that was sent`;
    const pointer = this.responseOf(method);
    if (!pointer) return `${method}: the schema has no response type`;
    const p = this.check(pointer, msg.result);
    return p && `${method} answer: ${p}`;
  }
}
