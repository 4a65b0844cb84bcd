// One connection's outgoing notifications in 0.169 shapes: items carry their start/end times (kept
// per item id from item/started to item/completed), token counts report cache writes, rate limits
// and errors have the fields of that generation. The agent messages each turn completed are kept
// for its turn/completed summary.
import type { ThreadItem } from '../../../../protocol/app-server/common.js';
import type { NotificationShaper } from '../generation.js';
import { breakdown0169, item0169, rateLimits0169 } from './views.js';

type Params = Record<string, unknown>;

export class NotificationShaper0169 implements NotificationShaper {
  readonly #started = new Map<string, number>();
  readonly #summaries = new Map<string, ThreadItem[]>();

  shape(method: string, params: Params, at: number): Params {
    switch (method) {
      case 'item/started': {
        const item = params.item as ThreadItem;
        const now = at;
        this.#started.set(item.id, now);
        return { item: item0169(item, now, null), threadId: params.threadId, turnId: params.turnId, startedAtMs: now };
      }
      case 'item/completed': {
        const item = params.item as ThreadItem;
        const now = at;
        const started = this.#started.get(item.id) ?? now;
        this.#started.delete(item.id);
        if (item.type === 'agentMessage') {
          const turnId = String(params.turnId);
          this.#summaries.set(turnId, [...(this.#summaries.get(turnId) ?? []), item]);
        }
        return { item: item0169(item, started, now), threadId: params.threadId, turnId: params.turnId, contentTokenCount: null, completedAtMs: now };
      }
      case 'thread/tokenUsage/updated': {
        const usage = params.tokenUsage as Params;
        return { ...params, tokenUsage: { total: breakdown0169(usage.total as Params), last: breakdown0169(usage.last as Params), modelContextWindow: usage.modelContextWindow } };
      }
      case 'account/rateLimits/updated':
        return { rateLimits: rateLimits0169(params.rateLimits as Params) };
      case 'error': {
        const e = params.error as Params;
        return { ...params, error: { message: e.message, codexErrorInfo: e.codexErrorInfo ?? null, additionalDetails: e.additionalDetails ?? null, misalignment: null } };
      }
      default:
        return params;
    }
  }

  summary(turnId: string): ThreadItem[] {
    const items = this.#summaries.get(turnId) ?? [];
    this.#summaries.delete(turnId);
    return items;
  }
}
