// What `weft view` and `weft thread export` share: the API over a home's threads, with forks made by
// the engine (a fork opens the new thread only to write it, and closes it at once).
import type { Weft } from '../engine/weft.js';
import { KitShelf } from './render-kit.js';
import { ThreadCatalog } from './thread-catalog.js';
import { ViewApi } from './view-api.js';

export function viewApiFor(weft: Weft): ViewApi {
  const rt = weft.runtime;
  return new ViewApi(new ThreadCatalog(weft.store), new KitShelf(rt), async (id, at) => {
    const thread = await weft.forkThread(id, { at });
    try {
      return thread.id;
    } finally {
      await thread.close();
    }
  });
}
