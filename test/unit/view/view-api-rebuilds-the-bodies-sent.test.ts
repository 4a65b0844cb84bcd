// The viewer's API rebuilds every request a thread made from its rollout: for threads with turns, a
// tool call, a compaction and a fork, each `body` deep-equals what the mock received, under both
// profiles (0.169's turn start time is recorded to the second only, and is compared as such).
import { afterAll, describe, expect, it } from 'vitest';
import type { CompatProfileName } from '../../../protocol/config.js';
import { Weft } from '../../../src/engine/weft.js';
import { viewApiFor } from '../../../src/view/view-session.js';
import type { RequestWithBody } from '../../../src/view/view-api.js';
import { makeViewThreads, type ViewThreads } from '../../support/view-threads.js';

type Body = Record<string, unknown> & { prompt_cache_key?: string; client_metadata?: Record<string, string> };

/** 0.169's turn_started_at_unix_ms is recorded in whole seconds: compare it at that precision. */
function atRecordedPrecision(body: Body): Body {
  const meta = body.client_metadata?.['x-codex-turn-metadata'];
  if (meta === undefined) return body;
  const parsed = JSON.parse(meta) as Record<string, unknown>;
  if (typeof parsed.turn_started_at_unix_ms === 'number') parsed.turn_started_at_unix_ms = Math.floor(parsed.turn_started_at_unix_ms / 1000) * 1000;
  return { ...body, client_metadata: { ...body.client_metadata, 'x-codex-turn-metadata': JSON.stringify(parsed) } };
}

const made: ViewThreads[] = [];
afterAll(async () => {
  for (const m of made) await m.harness.close();
});

describe.each(['codex-0.98', 'codex-0.169'] as CompatProfileName[])('%s', (profile) => {
  it('rebuilds every request body of each thread exactly', async () => {
    const threads = await makeViewThreads(profile);
    made.push(threads);
    const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: threads.harness.home, WEFT_HOME: threads.harness.home }, cwd: threads.harness.cwd });
    const api = viewApiFor(weft);
    const listed = (await api.threads(null)).json as { threads: Array<{ id: string; turns: number }> };
    expect(listed.threads.map((t) => t.id).sort()).toEqual([threads.mainId, threads.forkId].sort());
    const sent = threads.harness.mock.requests.filter((r) => r.path.endsWith('/responses')).map((r) => r.body as Body);
    let compared = 0;
    for (const id of [threads.mainId, threads.forkId]) {
      const reply = await api.requests(id);
      expect(reply.status).toBe(200);
      const rebuilt = (reply.json as { requests: RequestWithBody[] }).requests;
      const mine = sent.filter((b) => b.prompt_cache_key === id);
      expect(rebuilt.length).toBe(mine.length);
      rebuilt.forEach((r, i) => {
        expect(atRecordedPrecision(r.body as Body), `${id} request ${i}`).toEqual(atRecordedPrecision(mine[i] as Body));
      });
      compared += mine.length;
      expect(rebuilt.some((r) => r.kind === 'compaction')).toBe(id === threads.mainId);
    }
    // Every request the mock received belongs to one of the two threads.
    expect(compared).toBe(sent.length);
  });
});
