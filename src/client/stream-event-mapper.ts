// One server-sent event in, what the client does with it out. Pure: validation happens here, at the
// edge where the wire enters, and the result is weft's own ClientEvent or a verdict on the attempt.
import { rateLimitsFromEvent } from './rate-limits.js';
import type { z } from 'zod';
import { ApiError } from '../errors.js';
import {
  GenericResponsesEvent,
  RESPONSES_EVENT_SCHEMAS,
  isKnownResponsesEventType,
  type KnownResponsesEvent,
  type WireResponse,
} from '../../protocol/responses-events.js';
import { canonicalizeOutputItem } from '../history/canonical-item.js';
import type { ClientEvent } from './client-events.js';
import { isRetryableErrorCode, retryAfterFromMessage } from './api-errors.js';
import { tokenUsageFromWire } from './token-usage.js';
import { DeltaRuns, topLevelStringMember, type DeltaRun } from '../bytes/delta-runs.js';
import type { SseJsonOptions } from './sse-json.js';
import { LargeEventReader } from './large-event-reader.js';
import { StreamedJson, type JsonPath } from '../bytes/streamed-json.js';
import { RepeatedLiteral } from '../bytes/long-literal-readers.js';
import { LONG_STRING, type LongStringCache } from '../bytes/long-string-cache.js';

export interface StreamFailure {
  message: string;
  retryable: boolean;
  /** The server's error code, when the response failed with one. */
  code?: string;
  retryAfterMs?: number;
}

export type MappedStreamEvent =
  | { kind: 'emit'; event: ClientEvent }
  | { kind: 'completed'; event: Extract<ClientEvent, { type: 'completed' }> }
  /** `response.failed` or an `error` event: the response is over and failed. */
  | { kind: 'failed'; failure: StreamFailure }
  /** `response.incomplete`: the response stopped early, like a cut stream. */
  | { kind: 'incomplete'; failure: StreamFailure }
  | { kind: 'none' };

/** @throws ApiError naming the event type when a known event does not fit its schema. */
export function parseStreamEvent(data: unknown): KnownResponsesEvent | GenericResponsesEvent {
  // A known type is checked by its own schema alone (which checks the type too): one parse for each
  // of a long answer's thousands of deltas. Anything else is checked as an envelope.
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !isKnownResponsesEventType(type)) {
    const envelope = GenericResponsesEvent.safeParse(data);
    if (!envelope.success) throw new ApiError('malformed stream event: it has no string `type`');
    return envelope.data;
  }
  const known = (RESPONSES_EVENT_SCHEMAS[type] as z.ZodType<KnownResponsesEvent>).safeParse(data);
  if (known.success) return known.data;
  const issue = known.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new ApiError(`malformed '${type}' stream event${where}: ${issue?.message ?? 'invalid'}`);
}

/**
 * Events whose data weft does not use (mapStreamEvent maps them to nothing). They repeat what the
 * deltas and `response.output_item.done` already carried, whole: a 20 MB answer comes back in full
 * in each of them. The reader passes over them by their SSE event name, without decoding them.
 */
const UNREAD_EVENTS: ReadonlySet<string> = new Set([
  'response.in_progress',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.done',
  'response.reasoning_summary_text.done',
]);

export const isUnreadStreamEvent = (event: string): boolean => UNREAD_EVENTS.has(event);

/**
 * The readers of one response's events that are read from their bytes (a fresh set per response).
 * `response.output_text.delta`: parsed as JSON.parse parses its text, and its text and literal bytes
 * added to its part's run (delta-runs.ts). `response.output_item.done` carries the answer: its long
 * strings are taken from the runs they repeat (their bytes kept for the rollout), or else decoded a
 * slice at a time (streamed-json.ts). `response.completed` repeats every item of the answer in
 * `response.output`; weft takes the items from `response.output_item.done` alone, as Codex does (it
 * reads only the response's id and usage here), so that member is left out undecoded (a stream
 * without `output_item.done` events yields no items, with or without it). Those two are read as their
 * bytes arrive (large-event-reader.ts): from LONG_STRING on, their chunks are let go as they are read. The long
 * strings read go into the thread's `longStrings`, for its rollout writer.
 */
export function streamEventReaders(longStrings: LongStringCache): Pick<SseJsonOptions, 'readers' | 'streamed'> {
  const runs = new DeltaRuns();
  // A long literal that is its deltas' literals end to end: their text, its bytes kept for the rollout.
  const takenFromDeltas = (run: DeltaRun): string => {
    longStrings.remember({ value: run.text, bytes: run.bytes, length: run.length, asStringified: run.asStringified === true });
    return run.text;
  };
  return {
    readers: new Map([['response.output_text.delta', (bytes: readonly Buffer[]) => readDelta(bytes, runs)]]),
    streamed: (event) => {
      if (event === 'response.output_item.done') {
        return new LargeEventReader(() => new StreamedJson(event, () => new RepeatedLiteral(runs.longRuns(LONG_STRING), true, takenFromDeltas)));
      }
      if (event === 'response.completed') {
        return new LargeEventReader(
          () => new StreamedJson(event, (path) => new RepeatedLiteral(isWithin(path, COMPLETED_OUTPUT) ? longStrings.known() : [], !isWithin(path, COMPLETED_OUTPUT), () => '')),
          (value) => {
            removeAt(value, COMPLETED_OUTPUT);
            return value;
          },
        );
      }
      return undefined;
    },
  };
}

const COMPLETED_OUTPUT = ['response', 'output'];

/** Deletes the member at `path` (object keys from the top) when it is there. */
function removeAt(value: unknown, path: readonly string[]): void {
  let at: unknown = value;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return;
    at = (at as Record<string, unknown>)[key];
  }
  if (typeof at === 'object' && at !== null && !Array.isArray(at)) delete (at as Record<string, unknown>)[path[path.length - 1] as string];
}

const isWithin = (path: JsonPath, prefix: readonly string[]): boolean => prefix.every((key, i) => path[i] === key);

const QUOTED_DELTA_KEY = Buffer.from('"delta"');

function readDelta(pieces: readonly Buffer[], runs: DeltaRuns): unknown {
  const doc = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  const data: unknown = JSON.parse(doc.toString('utf8'));
  if (typeof data === 'object' && data !== null) {
    const { delta, item_id: item, output_index: output, content_index: content } = data as Record<string, unknown>;
    if (typeof delta === 'string') runs.add(`${String(item)} ${String(output)} ${String(content)}`, delta, topLevelStringMember(doc, QUOTED_DELTA_KEY));
  }
  return data;
}

export function mapStreamEvent(data: unknown): MappedStreamEvent {
  const delta = textDeltaOf(data);
  if (delta !== undefined) return delta;
  const limits = rateLimitsFromEvent(data);
  if (limits !== undefined) return emit({ type: 'rate_limits', snapshots: [limits] });
  const ev = parseStreamEvent(data);
  if (!isKnown(ev)) return { kind: 'none' };
  switch (ev.type) {
    case 'response.created':
      return emit({ type: 'created', responseId: ev.response?.id ?? null });
    case 'response.output_text.delta':
      return emit({ type: 'text_delta', itemId: ev.item_id ?? null, delta: ev.delta });
    case 'response.reasoning_summary_text.delta':
      return emit({
        type: 'reasoning_summary_delta',
        itemId: ev.item_id ?? null,
        summaryIndex: ev.summary_index ?? null,
        delta: ev.delta,
      });
    case 'response.reasoning_summary_part.added':
      return emit({
        type: 'reasoning_summary_part_added',
        itemId: ev.item_id ?? null,
        summaryIndex: ev.summary_index ?? null,
      });
    case 'response.reasoning_text.delta':
      return emit({ type: 'reasoning_text_delta', itemId: ev.item_id ?? null, delta: ev.delta });
    case 'response.output_item.added':
      return emit({ type: 'item_added', item: ev.item });
    case 'response.output_item.done': {
      const result = canonicalizeOutputItem(ev.item);
      return emit(
        result.ok
          ? { type: 'item_done', item: result.item, raw: ev.item }
          : { type: 'item_skipped', raw: ev.item, reason: result.reason },
      );
    }
    case 'response.completed': {
      const usage = ev.response.usage ? tokenUsageFromWire(ev.response.usage) : null;
      return { kind: 'completed', event: { type: 'completed', responseId: ev.response.id, usage } };
    }
    case 'response.failed':
      return { kind: 'failed', failure: failureOf('response.failed', ev.response?.error?.code, ev.response?.error?.message) };
    case 'error':
      return { kind: 'failed', failure: failureOf('error event', ev.code, ev.message) };
    case 'response.incomplete':
      return { kind: 'incomplete', failure: incompleteFailure(ev.response) };
    default:
      // in_progress, content parts, *.done texts: validated, nothing to do.
      return { kind: 'none' };
  }
}

const isOptionalNumber = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isFinite(v));

/**
 * A `response.output_text.delta` whose every member the schema checks has the type the schema wants
 * (an object; `delta` a string; `item_id` absent or a string; `output_index` and `content_index` absent
 * or finite numbers, as zod's numbers are), mapped as the schema path maps it without running the
 * schema: a long answer streams thousands of them. Anything else is left to the schema, which refuses
 * it with its own error.
 */
function textDeltaOf(data: unknown): MappedStreamEvent | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { type, delta, item_id: itemId, output_index: outputIndex, content_index: contentIndex } = data as Record<string, unknown>;
  if (type !== 'response.output_text.delta' || typeof delta !== 'string') return undefined;
  if ((itemId !== undefined && typeof itemId !== 'string') || !isOptionalNumber(outputIndex) || !isOptionalNumber(contentIndex)) return undefined;
  return emit({ type: 'text_delta', itemId: itemId ?? null, delta });
}

function isKnown(ev: KnownResponsesEvent | GenericResponsesEvent): ev is KnownResponsesEvent {
  return isKnownResponsesEventType(ev.type);
}

function emit(event: ClientEvent): MappedStreamEvent {
  return { kind: 'emit', event };
}

/** A failed response, from `response.failed`, an `error` event or an error the SDK raised mid-stream. */
export function failureOf(source: string, code: string | null | undefined, message: string | null | undefined): StreamFailure {
  const text = message ?? 'no message';
  const failure: StreamFailure = {
    message: `the response failed (${source}${code ? `, ${code}` : ''}): ${text}`,
    retryable: isRetryableErrorCode(code),
  };
  if (code) failure.code = code;
  const retryAfterMs = retryAfterFromMessage(text);
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}

function incompleteFailure(response: WireResponse | undefined): StreamFailure {
  const reason = response?.incomplete_details?.reason ?? 'unknown';
  return { message: `the response is incomplete (reason: ${reason})`, retryable: true };
}
