// The client side of the recorded Codex app-server sessions (appserver-0.98 and appserver-0.169,
// a–d), replayed against weft's app-server under the matching profile. 0.98: same answers and v2
// notifications in the same order, equal after the fixtures' normalization. 0.169: every request
// answered as Codex did (a result with the same keys, or an error) and the same v2 notifications in
// the same order. Deviations are listed in test/support/transcript-replay.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fallbackBaseInstructions } from '../../../src/config/fallback-model.js';
import { getProfile } from '../../../src/profile/profiles.js';
import { compareRequests, rulesForProfile, type ComparableRequest } from '../../conformance/compare.js';
import { appServerBodiesPending, appServerIdsPending } from '../../conformance/known-pending.js';
import { canonicalJson, renumberIds } from '../../conformance/diff.js';
import { createNormalizer } from '../../conformance/normalize.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import type { Msg } from '../../support/appserver-client.js';
import { startAppServerMock, type AppServerMock } from '../../support/appserver-mock.js';
import { maskText, recordedBaseInstructions } from '../../support/fallback-instructions-mask.js';
import { blurred, outline } from '../../support/transcript-replay.js';
import { REPLAY_CLIENT_NAME, REPLAY_CLIENT_TITLE, REPLAY_GENERATIONS, replayTranscripts, type ModelRequest, type ReplayRun as Run } from '../../support/transcript-replay-run.js';

for (const gen of REPLAY_GENERATIONS) {
  const root = join(conformanceRoot(), gen.dir);
  const packDir = join(conformanceRoot(), gen.compat, 'pack');

  describe.skipIf(!existsSync(root))(`app-server replays of Codex transcripts a–d (${gen.dir}, compat ${gen.compat})`, () => {
    let mock: AppServerMock;
    const runs: Run[] = [];
    /** The model requests weft sent while replaying each scenario. */
    const sentBy = new Map<string, ModelRequest[]>();
    const threadIds: string[] = [];
    let paths: Record<string, string> = {};
    let waiting: () => string = () => 'nothing';

    beforeAll(async () => {
      // A replay that waits for a message weft never sends would only time out; say what it waited for.
      const stall = setTimeout(() => console.error(`replay stalled: ${waiting()}`), 60_000);
      mock = await startAppServerMock();
      const replay = await replayTranscripts(gen, mock, (d) => (waiting = d));
      runs.push(...replay.runs);
      for (const [k, v] of replay.sentBy) sentBy.set(k, v);
      threadIds.push(...replay.threadIds);
      paths = replay.paths;
      clearTimeout(stall);
    }, 120_000);

    afterAll(async () => {
      await mock?.close();
    });

    const compare = (proc: string) => {
      const run = runs.find((r) => r.proc === proc);
      expect(run, `process ${proc} ran`).toBeDefined();
      const { actual, expected } = run as Run;
      if (!gen.exact) {
        expect(actual.map(outline)).toEqual(expected.map(outline));
        return;
      }
      const n = createNormalizer({ paths, threadIds, clientName: REPLAY_CLIENT_NAME, clientTitle: REPLAY_CLIENT_TITLE });
      const a = renumberIds(actual.map((m) => blurred(n.value(m) as Msg)));
      const e = renumberIds(expected.map((m) => blurred(m)));
      expect(a.map((m) => canonicalJson(m))).toEqual(e.map((m) => canonicalJson(m)));
    };

    /**
     * The model requests of a scenario as Codex sent them: method, path and query, in order (the
     * catalog request of 0.98 included: in a, before the first turn; b–d find the cache fresh).
     * Bodies are not compared here yet (see the fixtures' model-requests/ for what they hold).
     */
    const requestLine = (r: ModelRequest): string => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}`;
    for (const scenario of ['a', 'b', 'c', 'd']) {
      test(`${scenario}: the model requests are Codex’s, in order (method, path, query)`, () => {
        const dir = join(root, scenario, 'model-requests');
        const expected = readdirSync(dir)
          .sort()
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ModelRequest);
        expect((sentBy.get(scenario) ?? []).map(requestLine)).toEqual(expected.map(requestLine));
      });
      /** Codex's requests and weft's, normalized, the fallback model's base instructions masked on both sides. */
      const bodies = async (): Promise<{ expected: ComparableRequest[]; actual: ComparableRequest[] }> => {
        const dir = join(root, scenario, 'model-requests');
        const recorded = readdirSync(dir)
          .sort()
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ModelRequest);
        // Codex's fallback text is in no pack: weft sends its own, and only that one string is masked.
        const own = await fallbackBaseInstructions(await getProfile(gen.compat).loadPack(packDir));
        expect(own.fromPack).toBe(false);
        const codexText = recorded.map((r) => recordedBaseInstructions(r.body)).find((t) => t !== undefined);
        expect(codexText).toBeDefined();
        const n = createNormalizer({ paths, threadIds, clientName: REPLAY_CLIENT_NAME, clientTitle: REPLAY_CLIENT_TITLE });
        return {
          expected: recorded.map((r) => ({ method: r.method, path: r.path, body: maskText(r.body, codexText as string) })),
          actual: (sentBy.get(scenario) ?? []).map((r) => ({ method: r.method, path: r.path, body: n.value(maskText(r.body, own.text)) })),
        };
      };
      const pending = appServerBodiesPending(gen.compat);
      test(`${scenario}: the model request bodies are Codex’s (the fallback model's base instructions masked)${pending ? ` — pending: ${pending}` : ''}`, async () => {
        const { expected, actual } = await bodies();
        const diffs = compareRequests(expected, actual, rulesForProfile(gen.compat)).join('\n');
        // A pending generation must still differ: once it is equal, its entry goes (known-pending.ts).
        if (pending) expect(diffs).not.toBe('');
        else expect(diffs).toBe('');
      });
      const idsPending = appServerIdsPending(gen.compat, scenario);
      test(`${scenario}: ids, roles and client_metadata of every request are Codex’s (after thread/fork and thread/compact/start too)${idsPending ? ` — pending: ${idsPending}` : ''}`, async () => {
        const { expected, actual } = await bodies();
        const skeleton = (r: ComparableRequest): ComparableRequest => {
          const body = r.body as { client_metadata?: unknown; input?: { type?: unknown; role?: unknown; id?: unknown }[] } | null;
          return { ...r, body: body && { client_metadata: body.client_metadata ?? null, input: (body.input ?? []).map((i) => ({ type: i.type, role: i.role ?? null, id: i.id ?? null })) } };
        };
        const diffs = compareRequests(expected.map(skeleton), actual.map(skeleton), rulesForProfile(gen.compat)).join('\n');
        if (idsPending) expect(diffs).not.toBe('');
        else expect(diffs).toBe('');
      });
    }

    test('a: initialize, thread/start and one turn give Codex’s answers and notifications', () => compare('p1'));
    test('b: a new process resumes the thread (turns replayed) and runs a second turn', () => compare('p2'));
    test('c: a fork answers with the parent’s turns and announces itself with thread/started', () => compare('p3'));
    test('d: handshake errors are answered in order, string ids echoed', () => compare('p4-handshake'));
    test('d: bad input, list/read, compaction, interrupts, steering and a provider 500', () => compare('p5'));
  });
}
