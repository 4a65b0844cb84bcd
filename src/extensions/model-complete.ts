// One plain model call for extensions and assembly strategies (a summary, a classification): the
// prompt goes as the only user message, no tools, and the reply is the text of the last assistant
// message. It uses the thread's provider, profile and turn settings, so it costs what a turn's
// request costs and shows up with the same model.
import { randomUUID } from 'node:crypto';
import type { ProviderSettings } from '../client/provider.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { messageText, textMessage } from '../history/message.js';
import type { PromptRendering, RenderFn } from '../prompt/render-for-wire.js';
import type { StreamFn } from '../thread/turn-ports.js';

export interface CompletionRequest {
  readonly prompt: string;
  readonly instructions: string;
  readonly settings: TurnSettings;
  readonly signal: AbortSignal;
}

export type Completer = (request: CompletionRequest) => Promise<string>;

export interface CompleterDeps {
  readonly profile: PromptRendering;
  readonly provider: ProviderSettings;
  readonly render: RenderFn;
  readonly stream: StreamFn;
}

export function modelCompleter(deps: CompleterDeps): Completer {
  return async ({ prompt, instructions, settings, signal }) => {
    const request = await deps.render(deps.provider.wireApi, {
      prompt: { instructions, input: [textMessage('user', prompt)], tools: [], parallelToolCalls: false },
      settings,
      rendering: deps.profile,
      promptCacheKey: randomUUID(),
    });
    let reply = '';
    for await (const batch of deps.stream({ provider: deps.provider, request, signal })) {
      for (const event of batch) {
        if (event.type === 'item_done' && event.item.type === 'message' && event.item.role === 'assistant') reply = messageText(event.item) ?? '';
      }
    }
    return reply;
  };
}
