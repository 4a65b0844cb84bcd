// One test per recorded scenario and profile. `equal` passes, `different` fails with the
// differences, `pending` is skipped with its reason shown. A summary line per profile follows.
// The exec --json event stream must equal Codex's too (known-pending.ts lists the exceptions).
import { join } from 'node:path';
import { afterAll, describe, test } from 'vitest';
import { engineDriver } from './engine-driver.js';
import { execStreamPending, knownPendingIssue } from './known-pending.js';
import { runScenario, type ScenarioResult } from './run-scenario.js';
import { conformanceRoot, listProfiles, listScenarios } from './scenario.js';

const root = conformanceRoot();
const profiles = listProfiles(root).filter((p) => p.startsWith('codex-'));

/** `conformance: …` for codex-0.98 (the primary profile), `conformance <profile>: …` otherwise. */
function summaryLine(profile: string, results: ScenarioResult[], total: number, knownPending: string[]): string {
  const equal = results.filter((r) => r.status === 'equal').length;
  const pending = results.filter((r) => r.status === 'pending').length;
  const prefix = profile === 'codex-0.98' ? 'conformance' : `conformance ${profile}`;
  // The suffix only appears when a filter (-t) left scenarios out, so full runs print the exact line.
  const filtered = results.length < total ? ` [${results.length} run]` : '';
  const known = knownPending.length > 0 ? `; known-pending ${knownPending.length}: ${knownPending.join(', ')}` : '';
  return `${prefix}: ${equal}/${total} scenarios byte-equal (${pending} pending${known})${filtered}`;
}

// Written to the real stdout: vitest's default reporter may fold console output of hooks away.
const print = (text: string): void => void process.stdout.write(`${text}\n`);

if (profiles.length === 0) {
  test.skip(`conformance fixtures not found at ${root} (set WEFT_CONFORMANCE_DIR)`, () => {});
}

for (const profile of profiles) {
  const scenarios = listScenarios(join(root, profile));
  const results: ScenarioResult[] = [];
  const knownPending: string[] = [];

  describe(profile, () => {
    afterAll(() => print(summaryLine(profile, results, scenarios.length, knownPending)));

    for (const loaded of scenarios) {
      test(loaded.scenario.name, async (ctx) => {
        const result = await runScenario(loaded, engineDriver);
        results.push(result);
        const extra = [
          ...result.rolloutDiffs.map((d) => `  rollout: ${d}`),
          ...result.execStreamDiffs.map((d) => `  exec stream: ${d}`),
          ...result.transcriptDiffs.map((d) => `  transcript: ${d}`),
        ];
        if (extra.length > 0) print(`[${profile}/${result.name}] ${result.status}; informational differences:\n${extra.join('\n')}`);
        // The exec event stream is strict, whatever the requests' verdict (checked first, so a
        // known-pending request difference does not hide it).
        const streamIssue = execStreamPending(profile, result.name);
        if (streamIssue === undefined && result.execStreamDiffs.length > 0) {
          throw new Error(`${profile}/${result.name}: the exec --json event stream differs from Codex's:\n${result.execStreamDiffs.join('\n')}`);
        }
        if (streamIssue !== undefined && result.status !== 'pending' && result.execStreamDiffs.length === 0) {
          throw new Error(`${profile}/${result.name}: the exec --json event stream now equals Codex's: remove it from EXEC_STREAMS_PENDING (${streamIssue})`);
        }
        if (result.status === 'pending') {
          print(`[${profile}/${result.name}] pending: ${result.reasons.join('; ')}`);
          ctx.skip(result.reasons.join('; '));
        }
        const issue = knownPendingIssue(profile, result.name);
        if (issue && result.status === 'equal') {
          throw new Error(`${profile}/${result.name} now passes: remove it from test/conformance/known-pending.ts (${issue})`);
        }
        if (issue && result.status === 'different') {
          knownPending.push(`${result.name} → ${issue}`);
          print(`[${profile}/${result.name}] known-pending until ${issue}: ${result.reasons.length} difference(s)`);
          ctx.skip(`known-pending until ${issue}`);
        }
        if (result.status === 'different') {
          throw new Error(`${profile}/${result.name}: ${result.reasons.length} difference(s)\n${result.reasons.join('\n')}`);
        }
      });
    }
  });
}
