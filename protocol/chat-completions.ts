// The OpenAI Chat Completions wire (POST {base_url}/chat/completions, stream: true) as far as weft
// writes and reads it. Requests are strict (weft builds them); stream chunks are loose, since
// OpenAI-compatible servers add their own fields.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const ChatTextPart = lazySchema(() => z.object({ type: z.literal('text'), text: z.string() }));
export const ChatImagePart = lazySchema(() =>
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.enum(['auto', 'low', 'high']).optional() }),
  }),
);
export const ChatUserPart = lazySchema(() => z.discriminatedUnion('type', [ChatTextPart, ChatImagePart]));
export type ChatUserPart = z.infer<typeof ChatUserPart>;

export const ChatToolCall = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.literal('function'),
    function: z.object({ name: z.string(), arguments: z.string() }),
  }),
);
export type ChatToolCall = z.infer<typeof ChatToolCall>;

export const ChatSystemMessage = lazySchema(() => z.object({ role: z.literal('system'), content: z.string() }));
export const ChatDeveloperMessage = lazySchema(() => z.object({ role: z.literal('developer'), content: z.string() }));
export const ChatUserMessage = lazySchema(() =>
  z.object({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(ChatUserPart).min(1)]),
  }),
);
/** `content` is null when the message only carries tool calls. */
export const ChatAssistantMessage = lazySchema(() =>
  z.object({
    role: z.literal('assistant'),
    content: z.string().nullable(),
    tool_calls: z.array(ChatToolCall).min(1).optional(),
  }),
);
export const ChatToolMessage = lazySchema(() => z.object({ role: z.literal('tool'), tool_call_id: z.string(), content: z.string() }));

export const ChatMessage = lazySchema(() =>
  z.discriminatedUnion('role', [
    ChatSystemMessage,
    ChatDeveloperMessage,
    ChatUserMessage,
    ChatAssistantMessage,
    ChatToolMessage,
  ]),
);
export type ChatMessage = z.infer<typeof ChatMessage>;
export type ChatAssistantMessage = z.infer<typeof ChatAssistantMessage>;

export const ChatFunctionTool = lazySchema(() =>
  z.object({
    type: z.literal('function'),
    function: z.object({
      name: z.string(),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().optional(),
    }),
  }),
);
export type ChatFunctionTool = z.infer<typeof ChatFunctionTool>;

export const ChatResponseFormat = lazySchema(() =>
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({ name: z.string(), strict: z.boolean(), schema: z.unknown() }),
  }),
);

export const ChatRequestBody = lazySchema(() =>
  z.object({
    model: z.string(),
    messages: z.array(ChatMessage).min(1),
    tools: z.array(ChatFunctionTool).min(1).optional(),
    tool_choice: z.literal('auto').optional(),
    parallel_tool_calls: z.boolean().optional(),
    response_format: ChatResponseFormat.optional(),
    stream: z.literal(true),
    stream_options: z.object({ include_usage: z.boolean() }),
  }),
);
export type ChatRequestBody = z.infer<typeof ChatRequestBody>;

// ---- stream chunks ----

export const ChatUsage = lazySchema(() =>
  z.looseObject({
    prompt_tokens: z.number(),
    completion_tokens: z.number(),
    total_tokens: z.number().optional(),
    prompt_tokens_details: z.looseObject({ cached_tokens: z.number().nullable().optional() }).nullable().optional(),
    completion_tokens_details: z.looseObject({ reasoning_tokens: z.number().nullable().optional() }).nullable().optional(),
  }),
);
export type ChatUsage = z.infer<typeof ChatUsage>;

export const ChatToolCallDelta = lazySchema(() =>
  z.looseObject({
    index: z.number(),
    id: z.string().nullable().optional(),
    function: z
      .looseObject({ name: z.string().nullable().optional(), arguments: z.string().nullable().optional() })
      .nullable()
      .optional(),
  }),
);

export const ChatChunkChoice = lazySchema(() =>
  z.looseObject({
    index: z.number().optional(),
    delta: z
      .looseObject({
        content: z.string().nullable().optional(),
        /** DeepSeek-style visible reasoning. */
        reasoning_content: z.string().nullable().optional(),
        tool_calls: z.array(ChatToolCallDelta).nullable().optional(),
      })
      .nullable()
      .optional(),
    finish_reason: z.string().nullable().optional(),
  }),
);

export const ChatChunk = lazySchema(() =>
  z.looseObject({
    id: z.string().optional(),
    choices: z.array(ChatChunkChoice).nullable().optional(),
    usage: ChatUsage.nullable().optional(),
  }),
);
export type ChatChunk = z.infer<typeof ChatChunk>;
