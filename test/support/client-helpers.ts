// Shared bits of the model-client tests: a provider pointing at the mock, and draining a stream.
import { expect } from 'vitest';
import type { ProviderSettings } from '../../src/client/provider.js';
import type { ClientEvent, ClientEventBatch } from '../../src/client/client-events.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';

export const MOCK_KEY = 'mock-key-7f3a9c2e41';

export function mockProvider(url: string, extra: Partial<ProviderSettings> = {}): ProviderSettings {
  return { name: 'mock', baseUrl: url, envKey: 'MOCK_API_KEY', wireApi: 'responses', ...extra };
}

export const mockEnv = { MOCK_API_KEY: MOCK_KEY };

export function minimalBody(text = 'hello'): ResponsesRequestBody {
  return {
    model: 'gpt-5.2-codex',
    instructions: 'be brief',
    input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text }] }],
    tools: [],
    tool_choice: 'auto',
    parallel_tool_calls: true,
    store: false,
    stream: true,
    include: [],
  };
}

/** All events until the stream ends (its batches put end to end), and the error it ended with, if any. */
export async function drain(stream: AsyncIterable<ClientEventBatch>): Promise<{ events: ClientEvent[]; error: unknown }> {
  const events: ClientEvent[] = [];
  try {
    for await (const batch of stream) {
      expect(batch.length, 'a batch holds at least one event').toBeGreaterThan(0);
      events.push(...batch);
    }
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}
