// Tests the harness, not the engine: replaying the recorded data (de-normalized with fresh ids,
// paths, times) must come out equal, and a changed request must come out different.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { replayDriver } from '../support/replay-driver.js';
import { runScenario } from './run-scenario.js';
import { conformanceRoot, listProfiles, listScenarios } from './scenario.js';

const root = conformanceRoot();
const profiles = listProfiles(root).filter((p) => p.startsWith('codex-'));

describe.skipIf(profiles.length === 0)('conformance harness self-test (replayed recordings)', () => {
  for (const profile of profiles) {
    for (const loaded of listScenarios(join(root, profile))) {
      test(`${profile}/${loaded.scenario.name} replays as equal`, async () => {
        const result = await runScenario(loaded, replayDriver(loaded));
        expect(result.reasons).toEqual([]);
        expect(result.rolloutDiffs).toEqual([]);
        expect(result.transcriptDiffs).toEqual([]);
        expect(result.execStreamDiffs).toEqual([]);
        expect(result.status).toBe('equal');
      });
    }
  }

  test('a one-character change in input is reported with index and excerpt', async () => {
    const loaded = listScenarios(join(root, 'codex-0.98')).find((s) => s.scenario.name === 'basic');
    if (!loaded) throw new Error('basic scenario missing');
    const mutate = (body: unknown): unknown => JSON.parse(JSON.stringify(body).replace('Say hello.', 'Say hellO.')) as unknown;
    const result = await runScenario(loaded, replayDriver(loaded, { mutate }));
    expect(result.status).toBe('different');
    expect(result.reasons.join('\n')).toMatch(/request 001 body\.input\[\d+\] \(first differing item\): canonical JSON differs at char \d+/);
    expect(result.reasons.join('\n')).toContain('Say hellO.');
  });

  test('0.169: ids that cannot be renamed consistently are different', async () => {
    const loaded = listScenarios(join(root, 'codex-0.169')).find((s) => s.scenario.name === 'basic');
    if (!loaded) throw new Error('0.169 basic scenario missing');
    // Give the turn id of client_metadata a new value, unlike the one in the turn metadata.
    const mutate = (body: unknown): unknown => {
      const b = body as { client_metadata: Record<string, unknown> };
      return { ...b, client_metadata: { ...b.client_metadata, turn_id: crypto.randomUUID() } };
    };
    const result = await runScenario(loaded, replayDriver(loaded, { mutate }));
    expect(result.status).toBe('different');
    expect(result.reasons.join('\n')).toContain('body.client_metadata.turn_id');
  });
});
