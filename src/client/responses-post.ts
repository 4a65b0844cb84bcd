// POST {base_url}/responses without the openai SDK, on the path every turn takes: the SDK builds its
// headers with fetch's `Headers`, and the first use of that global makes Node load undici (tens of
// milliseconds of every `weft exec`, for a request node:http sends anyway, see body-upload.ts).
// Failures are raised as the SDK's own error classes, built as the SDK builds them, so that reading
// them (api-errors.ts) is the same on both paths. Behind a proxy the SDK path is kept (undici's proxy
// agent sends those requests), as are the wires that still go through the SDK.
import type { Agent } from 'node:http';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai/core/error';
import { VERSION } from 'openai/version';
import { errorMessage } from '../errors.js';
import { headerOf, postJsonBody, webHeaders, type RawAnswer } from './body-upload.js';
import type { JsonBody } from './json-body.js';
import type { SseAnswer } from './sse-json.js';

/** What the SDK's requests say of their client; kept so that both paths identify the same way. */
const USER_AGENT = `OpenAI/JS ${VERSION}`;

/**
 * The headers of one request, from the lowest layer to the highest: a later layer's header
 * replaces an earlier one of the same name in any case, and a null value removes it.
 */
export function mergeHeaders(...layers: ReadonlyArray<Readonly<Record<string, string | null>> | undefined>): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) {
      if (value === null) merged.delete(name.toLowerCase());
      else merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}

/** The headers the SDK would send: its own (accept, user agent, bearer key), then the request's. */
export function directHeaders(apiKey: string | undefined, request: Readonly<Record<string, string | null>>, scheme = 'Bearer'): Record<string, string> {
  return mergeHeaders({ Accept: 'application/json', 'User-Agent': USER_AGENT }, apiKey === undefined ? undefined : { Authorization: `${scheme} ${apiKey}` }, request);
}

/**
 * Sends the body and answers with the event stream of a 2xx answer.
 * @throws APIUserAbortError when `signal` fired, APIConnectionError (its cause says why) when no
 *   answer came, and the SDK's status error for any other status, its body read as the SDK reads it.
 */
export async function postForEvents(url: URL, headers: Record<string, string>, body: JsonBody, signal: AbortSignal | undefined, agent?: Agent): Promise<SseAnswer> {
  let answer: RawAnswer;
  try {
    answer = await postJsonBody(url, headers, body, signal, agent);
  } catch (err) {
    if (signal?.aborted) throw new APIUserAbortError();
    throw new APIConnectionError({ cause: err instanceof Error ? err : new Error(String(err)) });
  }
  if (answer.status < 200 || answer.status > 299) {
    const text = await textOf(answer).catch((err: unknown) => errorMessage(err));
    const json = jsonOrUndefined(text);
    throw APIError.generate(answer.status, json, json === undefined ? text : undefined, webHeaders(answer));
  }
  return {
    body: answer.body,
    headers: {
      get: (name: string) => headerOf(answer.rawHeaders, name.toLowerCase()) ?? null,
      names: () => answer.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
      toHeaders: () => webHeaders(answer),
    },
  };
}

async function textOf(answer: RawAnswer): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function jsonOrUndefined(text: string): object | undefined {
  try {
    return JSON.parse(text) as object;
  } catch {
    return undefined;
  }
}
