// What a codex-0.169 thread tells the model when settings change between turns: only what changed
// in the context itself. A new collaboration mode with instructions and new permissions come as one
// developer message, a new cwd as a user message with the environment. A personality change says
// nothing, and a model change goes through a compaction instead of a message (see compaction.ts).
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { PreviousTurn } from '../../context/previous-turn.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { Pack } from '../../pack/load-pack.js';
import { collaborationPart, environmentPart, permissionsPart } from './initial-context.js';
import { contextMessage, type ContextPart, type ItemMeta } from './items.js';

export function settingsUpdates0169(
  pack: Pack,
  previous: PreviousTurn,
  next: TurnSettings,
  opts: { afterFreshContext: boolean; toolNames: ReadonlySet<string>; meta: ItemMeta; subagents?: readonly string[] | undefined },
): ResponseItem[] {
  // A fresh window already states all of it.
  if (opts.afterFreshContext) return [];
  const developer: ContextPart[] = [];
  if (previous.approvalPolicy !== next.approvalPolicy || previous.sandboxJson !== JSON.stringify(next.sandbox)) {
    developer.push(permissionsPart(pack, next));
  }
  if (previous.collaborationModeJson !== JSON.stringify(next.collaborationMode)) {
    const part = collaborationPart(pack, next, opts.toolNames);
    if (part) developer.push(part);
  }
  const items: ResponseItem[] = [];
  if (developer.length > 0) items.push(contextMessage('developer', developer, opts.meta));
  if (previous.cwd !== next.cwd) items.push(contextMessage('user', [environmentPart(next, undefined, opts.subagents)], opts.meta));
  return items;
}
