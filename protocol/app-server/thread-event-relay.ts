// What app-servers sharing one Postgres thread store tell each other about the threads they run:
// each notification a thread's turn sends is a row (thread id, per-thread sequence, method, params
// as the JSON text the sending server built), and a NOTIFY names only the thread and the newest
// sequence, so followers read the rows in order. Both come from the database, where any client with
// access could write: they are checked here before anything is forwarded.
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** Thread ids as weft and Codex write them (UUIDs): nothing else is ever read from a payload. */
const ThreadIdText = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** The NOTIFY payload on the relay channel. */
export const RelayNotifyPayload = lazySchema(() =>
  z
    .object({
      thread: ThreadIdText,
      seq: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),
);
export type RelayNotifyPayload = z.infer<typeof RelayNotifyPayload>;

/** One relayed notification as stored: a method name of the protocol's shape and its params object. */
export const RelayedNotificationRow = lazySchema(() =>
  z
    .object({
      seq: z.coerce.number().int().positive(),
      method: z.string().max(100).regex(/^[a-zA-Z]+(\/[a-zA-Z]+)*$/),
      params: z.string().max(16 * 1024 * 1024),
      /** When the running server emitted it (ms since the epoch): followers stamp their items with it. */
      at: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),
);
export type RelayedNotificationRow = z.infer<typeof RelayedNotificationRow>;

/** The params of a relayed notification: an object that names the thread it is about. */
export const RelayedParams = lazySchema(() => z.looseObject({ threadId: ThreadIdText }));
