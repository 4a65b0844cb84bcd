// One rendered request, for the wire the provider speaks: what the render step hands the client.
import { z } from 'zod';
import { AnthropicRequestBody } from './anthropic-messages.js';
import { ChatRequestBody } from './chat-completions.js';
import { ResponsesRequestBody } from './responses-request.js';
import { lazySchema } from './lazy-schema.js';

export const WireRequest = lazySchema(() =>
  z.discriminatedUnion('wire', [
    z.object({ wire: z.literal('responses'), body: ResponsesRequestBody }),
    z.object({ wire: z.literal('chat'), body: ChatRequestBody }),
    z.object({ wire: z.literal('anthropic'), body: AnthropicRequestBody }),
  ]),
);
export type WireRequest = z.infer<typeof WireRequest>;

export type WireBody = WireRequest['body'];
