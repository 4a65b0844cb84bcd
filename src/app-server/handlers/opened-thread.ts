// The answer of thread/start, thread/resume and thread/fork: the thread and its settings.
import type { ThreadOpenedResponse } from '../../../protocol/app-server/thread.js';
import { providerId } from '../../engine/provider-settings.js';
import { readRollout } from '../../rollout/reader.js';
import type { LoadedThread } from '../loaded-thread.js';
import { settingsView } from '../settings-params.js';
import { readThreadFacts, threadView, turnsFromRecords } from '../thread-view.js';

export async function openedThreadResponse(loaded: LoadedThread, withTurns: boolean): Promise<ThreadOpenedResponse> {
  const path = loaded.thread.rolloutPath;
  const provider = providerId(loaded.weft.runtime.config);
  const [facts, records, settings] = await Promise.all([
    readThreadFacts(path),
    withTurns ? readRollout(path) : Promise.resolve([]),
    loaded.settings(),
  ]);
  return { thread: threadView(facts, turnsFromRecords(records), provider), ...settingsView(settings, provider) };
}
