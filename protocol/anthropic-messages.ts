// The Anthropic Messages wire (POST {base_url}/messages, stream: true) as far as weft writes and
// reads it. Requests are strict (weft builds them); stream events are loose.
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const CacheControl = lazySchema(() => z.object({ type: z.literal('ephemeral') }));
export type CacheControl = z.infer<typeof CacheControl>;

export const AnthropicTextBlock = lazySchema(() =>
  z.object({
    type: z.literal('text'),
    // The API rejects empty text blocks.
    text: z.string().min(1),
    cache_control: CacheControl.optional(),
  }),
);
export const AnthropicImageSource = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
    z.object({ type: z.literal('url'), url: z.string() }),
  ]),
);
export const AnthropicImageBlock = lazySchema(() =>
  z.object({
    type: z.literal('image'),
    source: AnthropicImageSource,
    cache_control: CacheControl.optional(),
  }),
);
export const AnthropicToolUseBlock = lazySchema(() =>
  z.object({
    type: z.literal('tool_use'),
    // The API's id pattern.
    id: z.string().regex(/^[a-zA-Z0-9_-]+$/),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    cache_control: CacheControl.optional(),
  }),
);
export const AnthropicToolResultBlock = lazySchema(() =>
  z.object({
    type: z.literal('tool_result'),
    tool_use_id: z.string().regex(/^[a-zA-Z0-9_-]+$/),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [AnthropicTextBlock, AnthropicImageBlock]))]).optional(),
    cache_control: CacheControl.optional(),
  }),
);
export const AnthropicBlock = lazySchema(() =>
  z.discriminatedUnion('type', [
    AnthropicTextBlock,
    AnthropicImageBlock,
    AnthropicToolUseBlock,
    AnthropicToolResultBlock,
  ]),
);
export type AnthropicBlock = z.infer<typeof AnthropicBlock>;
export type AnthropicTextBlock = z.infer<typeof AnthropicTextBlock>;
export type AnthropicImageBlock = z.infer<typeof AnthropicImageBlock>;
export type AnthropicToolResultBlock = z.infer<typeof AnthropicToolResultBlock>;

export const AnthropicMessage = lazySchema(() =>
  z.object({
    role: z.enum(['user', 'assistant']),
    content: z.array(AnthropicBlock).min(1),
  }),
);
export type AnthropicMessage = z.infer<typeof AnthropicMessage>;

export const AnthropicTool = lazySchema(() =>
  z.object({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,128}$/),
    description: z.string().optional(),
    input_schema: z.record(z.string(), z.unknown()),
  }),
);
export type AnthropicTool = z.infer<typeof AnthropicTool>;

export const AnthropicToolChoice = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
    z.object({ type: z.literal('none') }),
  ]),
);
export type AnthropicToolChoice = z.infer<typeof AnthropicToolChoice>;

/** The system prompt: a string, or text blocks (the form that can carry `cache_control`). */
export const AnthropicSystem = lazySchema(() =>
  z.union([z.string(), z.array(z.object({ type: z.literal('text'), text: z.string(), cache_control: CacheControl.optional() })).min(1)]),
);
export type AnthropicSystem = z.infer<typeof AnthropicSystem>;

export const AnthropicRequestBody = lazySchema(() =>
  z.object({
    model: z.string(),
    max_tokens: z.number().int().positive(),
    system: AnthropicSystem.optional(),
    messages: z.array(AnthropicMessage).min(1),
    tools: z.array(AnthropicTool).min(1).optional(),
    tool_choice: AnthropicToolChoice.optional(),
    stream: z.literal(true),
  }),
);
export type AnthropicRequestBody = z.infer<typeof AnthropicRequestBody>;

// ---- stream events ----

export const AnthropicUsage = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number().nullable().optional(),
    output_tokens: z.number().nullable().optional(),
    cache_creation_input_tokens: z.number().nullable().optional(),
    cache_read_input_tokens: z.number().nullable().optional(),
  }),
);
export type AnthropicUsage = z.infer<typeof AnthropicUsage>;

const ev = <T extends string, S extends Record<string, z.ZodType>>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...shape });

export const AnthropicStreamEvent = lazySchema(() =>
  z.discriminatedUnion('type', [
    ev('message_start', { message: z.looseObject({ id: z.string().optional(), usage: AnthropicUsage.optional() }) }),
    ev('content_block_start', {
      index: z.number(),
      content_block: z.looseObject({
        type: z.string(),
        text: z.string().optional(),
        id: z.string().optional(),
        name: z.string().optional(),
      }),
    }),
    ev('content_block_delta', {
      index: z.number(),
      delta: z.looseObject({
        type: z.string(),
        text: z.string().optional(),
        partial_json: z.string().optional(),
        thinking: z.string().optional(),
      }),
    }),
    ev('content_block_stop', { index: z.number() }),
    ev('message_delta', {
      delta: z.looseObject({ stop_reason: z.string().nullable().optional() }).optional(),
      usage: AnthropicUsage.optional(),
    }),
    ev('message_stop', {}),
    ev('ping', {}),
    ev('error', { error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }) }),
  ]),
);
export type AnthropicStreamEvent = z.infer<typeof AnthropicStreamEvent>;
