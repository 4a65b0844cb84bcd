// What a Weft does for each thread it opens: when the thread has extensions (the Weft's, then its
// own), a TurnHooks bound to the thread's provider and pack; for a reopened thread, with the
// extension messages of its rollout put back in place. No extension: no hooks at all, so the turn
// loop runs exactly as it does without this folder.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { RolloutRecord } from '../rollout/format/reader.js';
import type { Extension } from './extension.js';
import { restoreExtensionMessages } from './message-line.js';
import { modelCompleter, type CompleterDeps } from './model-complete.js';
import type { ExtensionRegistry } from './registry.js';
import { createTurnHooks, type TurnHooks } from './turn-hooks.js';
import type { Pack } from '../pack/load-pack.js';

export interface ReopenedRollout {
  readonly records: readonly RolloutRecord[];
  /** The history restored from `records` (the thread state's own array). */
  readonly history: readonly ResponseItem[];
  readonly warn: (message: string) => void;
}

export function hooksForThread(
  registry: ExtensionRegistry,
  own: readonly Extension[] | undefined,
  deps: CompleterDeps & { readonly pack: Pack },
  reopened?: ReopenedRollout,
): TurnHooks | undefined {
  const all = own && own.length > 0 ? registry.with(own) : registry;
  if (all.size === 0) return undefined;
  return createTurnHooks({
    registry: all,
    pack: deps.pack,
    complete: modelCompleter(deps),
    ...(reopened ? { restored: restoreExtensionMessages(reopened.records, reopened.history) } : {}),
  });
}
