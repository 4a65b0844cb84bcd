// Responses API input items, as weft keeps them in history and sends them on the wire.
// Key order in each schema is the order Codex serializes the item in: a parsed item re-serializes
// byte-for-byte the way Codex would send it, which is what the conformance recordings compare.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const InputTextPart = lazySchema(() => z.object({ type: z.literal('input_text'), text: z.string() }));
// `annotations` is kept as streamed by profiles that echo model items verbatim (codex-0.169).
export const OutputTextPart = lazySchema(() => z.object({ type: z.literal('output_text'), text: z.string(), annotations: z.array(z.unknown()).optional() }));
export const InputImagePart = lazySchema(() =>
  z.object({
    type: z.literal('input_image'),
    image_url: z.string(),
    detail: z.enum(['auto', 'low', 'high', 'original']).optional(),
  }),
);
export const ContentPart = lazySchema(() => z.discriminatedUnion('type', [InputTextPart, OutputTextPart, InputImagePart]));
export type ContentPart = z.infer<typeof ContentPart>;

export const Role = lazySchema(() => z.enum(['system', 'developer', 'user', 'assistant']));
export type Role = z.infer<typeof Role>;

/**
 * Codex 0.169 keeps per-item metadata (turn id, creation time, what each content part is) under this
 * key in its rollouts; it is sent on the wire only to the built-in provider. Loose: newer Codex adds keys.
 */
export const ItemPassthrough = lazySchema(() => z.record(z.string(), z.unknown()));
export type ItemPassthrough = z.infer<typeof ItemPassthrough>;

export const MessageItem = lazySchema(() =>
  z.object({
    type: z.literal('message'),
    status: z.string().optional(),
    id: z.string().optional(),
    role: Role,
    content: z.array(ContentPart),
    end_turn: z.boolean().optional(),
    phase: z.string().optional(),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type MessageItem = z.infer<typeof MessageItem>;

export const ReasoningSummaryPart = lazySchema(() => z.object({ type: z.literal('summary_text'), text: z.string() }));
export const ReasoningContentPart = lazySchema(() =>
  z.object({
    type: z.enum(['reasoning_text', 'text']),
    text: z.string(),
  }),
);
export const ReasoningItem = lazySchema(() =>
  z.object({
    type: z.literal('reasoning'),
    id: z.string().optional(),
    summary: z.array(ReasoningSummaryPart),
    // Codex omits `content` when the model sent reasoning text parts it does not keep.
    content: z.array(ReasoningContentPart).nullable().optional(),
    encrypted_content: z.string().nullable(),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type ReasoningItem = z.infer<typeof ReasoningItem>;

export const FunctionCallItem = lazySchema(() =>
  z.object({
    type: z.literal('function_call'),
    status: z.string().optional(),
    id: z.string().optional(),
    name: z.string(),
    namespace: z.string().optional(),
    arguments: z.string(),
    call_id: z.string(),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type FunctionCallItem = z.infer<typeof FunctionCallItem>;

/** A tool result: plain text, or content parts (dynamic tools answer with parts). */
export const FunctionCallOutputPayload = lazySchema(() =>
  z.union([
    z.string(),
    z.array(z.union([InputTextPart, InputImagePart])),
  ]),
);
export type FunctionCallOutputPayload = z.infer<typeof FunctionCallOutputPayload>;

export const FunctionCallOutputItem = lazySchema(() =>
  z.object({
    type: z.literal('function_call_output'),
    id: z.string().optional(),
    // Absent on an output that is context rather than a call's answer (Codex 0.169's goal objective,
    // named by \`name\` and \`namespace\`).
    call_id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    output: FunctionCallOutputPayload,
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type FunctionCallOutputItem = z.infer<typeof FunctionCallOutputItem>;

export const CustomToolCallItem = lazySchema(() =>
  z.object({
    type: z.literal('custom_tool_call'),
    id: z.string().optional(),
    status: z.string().optional(),
    call_id: z.string(),
    name: z.string(),
    input: z.string(),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type CustomToolCallItem = z.infer<typeof CustomToolCallItem>;

export const CustomToolCallOutputItem = lazySchema(() =>
  z.object({
    type: z.literal('custom_tool_call_output'),
    id: z.string().optional(),
    call_id: z.string(),
    output: FunctionCallOutputPayload,
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type CustomToolCallOutputItem = z.infer<typeof CustomToolCallOutputItem>;

export const LocalShellCallItem = lazySchema(() =>
  z.object({
    type: z.literal('local_shell_call'),
    id: z.string().optional(),
    call_id: z.string().nullable().optional(),
    status: z.string(),
    action: z.record(z.string(), z.unknown()),
  }),
);

export const WebSearchAction = lazySchema(() => z.looseObject({ type: z.string() }));
export const WebSearchCallItem = lazySchema(() =>
  z.object({
    type: z.literal('web_search_call'),
    id: z.string().optional(),
    status: z.string().optional(),
    action: WebSearchAction.optional(),
  }),
);
export type WebSearchCallItem = z.infer<typeof WebSearchCallItem>;

/** The opaque item a remote compaction returns; it stands for the summarized history. */
export const CompactionItem = lazySchema(() =>
  z.object({
    type: z.enum(['compaction', 'compaction_summary']),
    id: z.string().optional(),
    encrypted_content: z.string(),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type CompactionItem = z.infer<typeof CompactionItem>;

/** Codex 0.169's request to compact remotely: the last input item of a normal turn request. */
export const CompactionTriggerItem = lazySchema(() => z.object({ type: z.literal('compaction_trigger') }));
export type CompactionTriggerItem = z.infer<typeof CompactionTriggerItem>;

/**
 * Codex 0.169's tools for code-mode models: sent as the first input item instead of a `tools`
 * field. Tool specs are forwarded as the pack defines them (only their `type` is checked).
 */
export const AdditionalToolsItem = lazySchema(() =>
  z.object({
    type: z.literal('additional_tools'),
    id: z.string().optional(),
    role: Role,
    tools: z.array(z.looseObject({ type: z.string() })),
  }),
);
export type AdditionalToolsItem = z.infer<typeof AdditionalToolsItem>;

/**
 * Codex 0.169's client-side tool search: the model asks for deferred tools (`tool_search_call`) and
 * the client answers with the matching specs, grouped in namespaces (`tool_search_output`).
 */
export const ToolSearchCallItem = lazySchema(() =>
  z.object({
    type: z.literal('tool_search_call'),
    id: z.string().optional(),
    call_id: z.string(),
    status: z.string().optional(),
    execution: z.string().optional(),
    arguments: z.record(z.string(), z.unknown()),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type ToolSearchCallItem = z.infer<typeof ToolSearchCallItem>;

export const ToolSearchOutputItem = lazySchema(() =>
  z.object({
    type: z.literal('tool_search_output'),
    id: z.string().optional(),
    call_id: z.string(),
    status: z.string().optional(),
    execution: z.string().optional(),
    tools: z.array(z.looseObject({ type: z.string() })),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type ToolSearchOutputItem = z.infer<typeof ToolSearchOutputItem>;

/**
 * Codex 0.169's message between agents of one team (multi-agent v2): who wrote it, to whom, and its
 * parts (a header as `input_text`, the payload a sender wrote as `encrypted_content`).
 */
export const AgentMessageItem = lazySchema(() =>
  z.object({
    type: z.literal('agent_message'),
    id: z.string().optional(),
    author: z.string(),
    recipient: z.string(),
    content: z.array(z.union([z.object({ type: z.literal('input_text'), text: z.string() }), z.object({ type: z.literal('encrypted_content'), encrypted_content: z.string() })])),
    internal_chat_message_metadata_passthrough: ItemPassthrough.optional(),
  }),
);
export type AgentMessageItem = z.infer<typeof AgentMessageItem>;

export const ResponseItem = lazySchema(() =>
  z.discriminatedUnion('type', [
    MessageItem,
    ReasoningItem,
    FunctionCallItem,
    FunctionCallOutputItem,
    CustomToolCallItem,
    CustomToolCallOutputItem,
    LocalShellCallItem,
    WebSearchCallItem,
    CompactionItem,
    CompactionTriggerItem,
    AdditionalToolsItem,
    ToolSearchCallItem,
    ToolSearchOutputItem,
    AgentMessageItem,
  ]),
);
export type ResponseItem = z.infer<typeof ResponseItem>;
export type ResponseItemType = ResponseItem['type'];
