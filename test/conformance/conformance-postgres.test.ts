// The recorded scenarios again, with the threads kept in a Postgres thread store (a throwaway cluster,
// a fresh database per scenario): the requests must equal Codex's as they do with the home's files,
// and each rollout, exported from the store, must differ from Codex's exactly as the files store's
// rollout of the same run does (so: the same bytes, up to what normalization maps).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { engineDriver } from './engine-driver.js';
import { knownPendingIssue } from './known-pending.js';
import { runScenario } from './run-scenario.js';
import { conformanceRoot, listProfiles, listScenarios } from './scenario.js';

const root = conformanceRoot();
const profiles = listProfiles(root).filter((p) => p.startsWith('codex-'));

/** Scenarios whose ops the Postgres store does not serve yet, with the reason. */
const POSTGRES_PENDING: Record<string, string> = {};

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

if (profiles.length === 0) test.skip(`conformance fixtures not found at ${root} (set WEFT_CONFORMANCE_DIR)`, () => {});

for (const profile of profiles) {
  describe(`${profile} on postgres`, () => {
    for (const loaded of listScenarios(join(root, profile))) {
      const name = loaded.scenario.name;
      test(name, async (ctx) => {
        const gap = POSTGRES_PENDING[name];
        if (gap !== undefined) ctx.skip(gap);
        const onPostgres = await runScenario(loaded, engineDriver, { threadStoreUrl: await cluster.freshDatabase() });
        if (onPostgres.status === 'pending') ctx.skip(onPostgres.reasons.join('; '));
        if (onPostgres.status === 'different' && knownPendingIssue(profile, name) !== undefined) ctx.skip(`known-pending until ${knownPendingIssue(profile, name)}`);
        expect(onPostgres.reasons).toEqual([]);
        const onFiles = await runScenario(loaded, engineDriver);
        expect(onPostgres.rolloutDiffs).toEqual(onFiles.rolloutDiffs);
        expect(onPostgres.execStreamDiffs).toEqual(onFiles.execStreamDiffs);
      });
    }
  });
}
