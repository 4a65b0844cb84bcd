// Server-sent events of a streamed Responses API call (POST /v1/responses with stream: true), as far
// as weft reads them. Every schema is loose: servers add fields (sequence_number, obfuscation, logprobs…)
// and a newer server must not break an older weft. Items inside events are the *wire* items (with id,
// status, annotations…); src/history/canonical-item.ts turns them into the ResponseItem weft stores.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Any output item as the server sends it; only `type` is required here. */
export const WireOutputItem = lazySchema(() => z.looseObject({ type: z.string() }));
export type WireOutputItem = z.infer<typeof WireOutputItem>;

export const WireUsage = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number(),
    input_tokens_details: z.looseObject({ cached_tokens: z.number().nullable().optional() }).nullable().optional(),
    output_tokens: z.number(),
    output_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullable().optional() }).nullable().optional(),
    total_tokens: z.number(),
  }),
);
export type WireUsage = z.infer<typeof WireUsage>;

export const WireResponseError = lazySchema(() =>
  z.looseObject({
    code: z.string().nullable().optional(),
    message: z.string().nullable().optional(),
  }),
);
export type WireResponseError = z.infer<typeof WireResponseError>;

/** The `response` object carried by lifecycle events; only what weft reads is checked. */
export const WireResponse = lazySchema(() =>
  z.looseObject({
    id: z.string().optional(),
    status: z.string().nullable().optional(),
    output: z.array(WireOutputItem).optional(),
    usage: WireUsage.nullable().optional(),
    error: WireResponseError.nullable().optional(),
    incomplete_details: z.looseObject({ reason: z.string().nullable().optional() }).nullable().optional(),
  }),
);
export type WireResponse = z.infer<typeof WireResponse>;

const event = <T extends string, S extends Record<string, z.ZodType>>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...shape });

export const ResponseCreatedEvent = lazySchema(() => event('response.created', { response: WireResponse.optional() }));
export const ResponseInProgressEvent = lazySchema(() => event('response.in_progress', { response: WireResponse.optional() }));
export const OutputItemAddedEvent = lazySchema(() =>
  event('response.output_item.added', {
    output_index: z.number().optional(),
    item: WireOutputItem,
  }),
);
export const OutputItemDoneEvent = lazySchema(() =>
  event('response.output_item.done', {
    output_index: z.number().optional(),
    item: WireOutputItem,
  }),
);

const contentPartShape = () => ({
  item_id: z.string().optional(),
  output_index: z.number().optional(),
  content_index: z.number().optional(),
  part: z.looseObject({ type: z.string() }),
});
export const ContentPartAddedEvent = lazySchema(() => event('response.content_part.added', contentPartShape()));
export const ContentPartDoneEvent = lazySchema(() => event('response.content_part.done', contentPartShape()));

export const OutputTextDeltaEvent = lazySchema(() =>
  event('response.output_text.delta', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    content_index: z.number().optional(),
    delta: z.string(),
  }),
);
export const OutputTextDoneEvent = lazySchema(() =>
  event('response.output_text.done', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    content_index: z.number().optional(),
    text: z.string(),
  }),
);

export const ReasoningSummaryTextDeltaEvent = lazySchema(() =>
  event('response.reasoning_summary_text.delta', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    summary_index: z.number().optional(),
    delta: z.string(),
  }),
);
export const ReasoningSummaryTextDoneEvent = lazySchema(() =>
  event('response.reasoning_summary_text.done', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    summary_index: z.number().optional(),
    text: z.string(),
  }),
);
export const ReasoningSummaryPartAddedEvent = lazySchema(() =>
  event('response.reasoning_summary_part.added', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    summary_index: z.number().optional(),
    part: z.looseObject({ type: z.string() }).optional(),
  }),
);
export const ReasoningTextDeltaEvent = lazySchema(() =>
  event('response.reasoning_text.delta', {
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    content_index: z.number().optional(),
    delta: z.string(),
  }),
);

/** Terminal success: `response.id` is required, as Codex refuses a completion without one. */
export const ResponseCompletedEvent = lazySchema(() =>
  event('response.completed', {
    response: WireResponse.extend({ id: z.string() }),
  }),
);
export const ResponseFailedEvent = lazySchema(() => event('response.failed', { response: WireResponse.optional() }));
export const ResponseIncompleteEvent = lazySchema(() => event('response.incomplete', { response: WireResponse.optional() }));

/** A stream-level error (not tied to a response object). */
export const StreamErrorEvent = lazySchema(() =>
  event('error', {
    code: z.string().nullable().optional(),
    message: z.string().nullable().optional(),
    param: z.string().nullable().optional(),
  }),
);

export const KnownResponsesEvent = lazySchema(() =>
  z.discriminatedUnion('type', [
    ResponseCreatedEvent,
    ResponseInProgressEvent,
    OutputItemAddedEvent,
    OutputItemDoneEvent,
    ContentPartAddedEvent,
    ContentPartDoneEvent,
    OutputTextDeltaEvent,
    OutputTextDoneEvent,
    ReasoningSummaryTextDeltaEvent,
    ReasoningSummaryTextDoneEvent,
    ReasoningSummaryPartAddedEvent,
    ReasoningTextDeltaEvent,
    ResponseCompletedEvent,
    ResponseFailedEvent,
    ResponseIncompleteEvent,
    StreamErrorEvent,
  ]),
);
export type KnownResponsesEvent = z.infer<typeof KnownResponsesEvent>;
export type KnownResponsesEventType = KnownResponsesEvent['type'];

/**
 * Each known event's schema by its `type`, so that an event is checked by its own schema alone and a
 * stream builds only the schemas of the events it brings (the union above builds them all). The test
 * responses-event-schemas-are-keyed-by-their-type pins each key to its schema's literal.
 */
export const RESPONSES_EVENT_SCHEMAS: { readonly [T in KnownResponsesEventType]: z.ZodType<Extract<KnownResponsesEvent, { type: T }>> } = {
  'response.created': ResponseCreatedEvent,
  'response.in_progress': ResponseInProgressEvent,
  'response.output_item.added': OutputItemAddedEvent,
  'response.output_item.done': OutputItemDoneEvent,
  'response.content_part.added': ContentPartAddedEvent,
  'response.content_part.done': ContentPartDoneEvent,
  'response.output_text.delta': OutputTextDeltaEvent,
  'response.output_text.done': OutputTextDoneEvent,
  'response.reasoning_summary_text.delta': ReasoningSummaryTextDeltaEvent,
  'response.reasoning_summary_text.done': ReasoningSummaryTextDoneEvent,
  'response.reasoning_summary_part.added': ReasoningSummaryPartAddedEvent,
  'response.reasoning_text.delta': ReasoningTextDeltaEvent,
  'response.completed': ResponseCompletedEvent,
  'response.failed': ResponseFailedEvent,
  'response.incomplete': ResponseIncompleteEvent,
  error: StreamErrorEvent,
};

/** Whether `type` is one of the events weft reads. */
export const isKnownResponsesEventType = (type: string): type is KnownResponsesEventType => Object.hasOwn(RESPONSES_EVENT_SCHEMAS, type);

/** Any event at all: how an event of a type weft does not know passes through. */
export const GenericResponsesEvent = lazySchema(() => z.looseObject({ type: z.string() }));
export type GenericResponsesEvent = z.infer<typeof GenericResponsesEvent>;

// Wire shapes of the output items weft turns into history items. They accept the extra fields the
// server adds (id, status, annotations, logprobs…) and the nulls it sends for absent optionals.
const nullish = <S extends z.ZodType>(schema: S) => schema.nullable().optional();

export const WireTextPart = lazySchema(() => z.looseObject({ type: z.enum(['input_text', 'output_text']), text: z.string() }));
export const WireImagePart = lazySchema(() => z.looseObject({ type: z.literal('input_image'), image_url: z.string() }));

export const WireMessageItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('message'),
    role: z.string(),
    content: z.array(z.looseObject({ type: z.string() })),
    end_turn: nullish(z.boolean()),
    phase: nullish(z.string()),
  }),
);

export const WireReasoningItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('reasoning'),
    summary: z.array(z.looseObject({ type: z.literal('summary_text'), text: z.string() })),
    content: nullish(z.array(z.looseObject({ type: z.enum(['reasoning_text', 'text']), text: z.string() }))),
    encrypted_content: nullish(z.string()),
  }),
);

export const WireFunctionCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('function_call'),
    name: z.string(),
    /** 0.169: a deferred tool found through tool_search is called inside its namespace. */
    namespace: z.string().optional(),
    arguments: z.string(),
    call_id: z.string(),
  }),
);

export const WireCustomToolCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('custom_tool_call'),
    status: nullish(z.string()),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
  }),
);

export const WireLocalShellCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('local_shell_call'),
    call_id: nullish(z.string()),
    status: z.enum(['completed', 'in_progress', 'incomplete']),
    action: z.looseObject({
      type: z.literal('exec'),
      command: z.array(z.string()),
      timeout_ms: nullish(z.number()),
      working_directory: nullish(z.string()),
      env: nullish(z.record(z.string(), z.string())),
      user: nullish(z.string()),
    }),
  }),
);

export const WireWebSearchCallItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('web_search_call'),
    status: nullish(z.string()),
    action: nullish(
      z.looseObject({
        type: z.string(),
        query: nullish(z.string()),
        queries: nullish(z.array(z.string())),
        url: nullish(z.string()),
        pattern: nullish(z.string()),
      }),
    ),
  }),
);

export const WireFunctionCallOutputItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('function_call_output'),
    call_id: z.string(),
    output: z.union([
      z.string(),
      z.array(z.union([z.looseObject({ type: z.literal('input_text'), text: z.string() }), WireImagePart])),
    ]),
  }),
);

export const WireCustomToolCallOutputItem = lazySchema(() =>
  z.looseObject({
    type: z.literal('custom_tool_call_output'),
    call_id: z.string(),
    output: z.string(),
  }),
);

export const WireCompactionItem = lazySchema(() =>
  z.looseObject({
    type: z.enum(['compaction', 'compaction_summary']),
    encrypted_content: z.string(),
  }),
);

/** The reply of POST {base}/responses/compact; its items are read one by one like output items. */
export const WireCompactResponse = lazySchema(() => z.looseObject({ output: z.array(z.unknown()) }));
export type WireCompactResponse = z.infer<typeof WireCompactResponse>;
