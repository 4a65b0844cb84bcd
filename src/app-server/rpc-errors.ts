// The JSON-RPC errors the server answers with. Every message says what was wrong and, for params,
// which field, so a client author can fix the call from the message alone.
import type { z } from 'zod';
import { RpcErrorCode } from '../../protocol/app-server/jsonrpc.js';
import { ProtocolError, WeftError, errorMessage } from '../errors.js';
import { ThreadWrittenElsewhereError } from '../rollout/postgres/advisory-writer-lease.js';
import { ThreadWriterBusyError } from '../rollout/state-db/thread-writer-lock.js';

/** An error whose code is already the one Codex answers with: the generation does not remap it. */
export class CodexCodedError extends ProtocolError {}

export const rpcError = {
  parse: (detail: string) => new ProtocolError(`Parse error: ${detail}`, RpcErrorCode.parseError),
  invalidRequest: (detail: string) => new ProtocolError(detail, RpcErrorCode.invalidRequest),
  methodNotFound: (method: string, known: readonly string[]) =>
    new ProtocolError(`unknown method \`${clip(method)}\`; this server implements ${known.map((m) => `\`${m}\``).join(', ')}`, RpcErrorCode.methodNotFound),
  invalidParams: (method: string, detail: string) => new ProtocolError(`invalid params for ${method}: ${detail}`, RpcErrorCode.invalidParams),
  invalidField: (field: string, detail: string) => new ProtocolError(`invalid params: \`${field}\`: ${detail}`, RpcErrorCode.invalidParams),
};

function clip(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  return out === '' ? 'params' : out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `string ${JSON.stringify(clip(value, 40))}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** The value at `path` inside `root` (undefined where it does not reach). */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const part of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[part];
  }
  return v;
}

/** `input[0].type: expected one of "text", "image", …; got string "bogus"` for the first issue. */
export function paramsIssue(error: z.ZodError, params: unknown): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = fieldPath(issue.path);
  const got = valueAt(params, issue.path);
  if (got === undefined && issue.code === 'invalid_type') return `missing field \`${where}\` (${issue.message.replace(/, received undefined$/, '')})`;
  const detail = issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator'
    ? `unknown variant; ${issue.message}`
    : issue.message;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem(s))` : '';
  return `\`${where}\`: ${detail}; got ${describe(got)}${more}`;
}

/** The code and message an error becomes when a handler throws it. */
export function toRpcError(err: unknown): { code: number; message: string; data?: unknown } {
  // Another process writes the thread (a Codex or weft holding its lock, another server of a shared
  // store): Codex's answer, word for word, so clients can tell it apart.
  if (err instanceof ThreadWriterBusyError || err instanceof ThreadWrittenElsewhereError) return { code: RpcErrorCode.invalidRequest, message: `thread ${err.threadId} already has an active writer` };
  if (err instanceof ProtocolError) return err.rpcData === undefined ? { code: err.rpcCode, message: err.message } : { code: err.rpcCode, message: err.message, data: err.rpcData };
  // Usage, rollout and config problems are the request's fault: "invalid request" with the reason.
  if (err instanceof WeftError && err.code !== 'io' && err.code !== 'api') return { code: RpcErrorCode.invalidRequest, message: err.message };
  return { code: RpcErrorCode.internalError, message: `internal error: ${errorMessage(err)}` };
}

/** Validates params; a missing `params` is taken as `{}` when the method has no required field. */
export function parseParams(method: string, schema: z.ZodType, params: unknown): unknown {
  const given = params === undefined || params === null ? undefined : params;
  const r = schema.safeParse(given ?? {});
  if (r.success) return r.data;
  if (given === undefined) {
    const missing = r.error.issues.filter((i) => i.path.length === 1).map((i) => `\`${String(i.path[0])}\``);
    throw rpcError.invalidParams(method, `missing \`params\`: an object with ${missing.join(', ') || 'the method\'s fields'} is required`);
  }
  throw rpcError.invalidParams(method, paramsIssue(r.error, given));
}
