// Runs one scenario end to end (capture.ts: materialize, mock, steps through the driver, normalize)
// and compares what the engine produced with the recording. Request differences decide the status;
// rollout, exec stream and app-server transcript differences are reported apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureScenario, type Capture } from './capture.js';
import { compareRequests, compareRollout, compareTranscript, rulesForProfile } from './compare.js';
import type { EngineDriver } from './driver.js';
import { loadExpectedRequests, parseJsonl, type LoadedScenario } from './scenario.js';

export { packDirFor } from './capture.js';

export type ScenarioStatus = 'equal' | 'different' | 'pending';

export interface ScenarioResult {
  name: string;
  profile: string;
  status: ScenarioStatus;
  /** Why it is `different` (request comparison, engine errors) or `pending` (the driver's reason). */
  reasons: string[];
  /** Rollout differences; they never change `status`. */
  rolloutDiffs: string[];
  /** App-server transcript differences (informational). */
  transcriptDiffs: string[];
  /** `exec --json` event stream differences: strict unless listed in EXEC_STREAMS_PENDING. */
  execStreamDiffs: string[];
}

export interface RunOptions {
  /** Keep the materialized workspace (also `WEFT_CONFORMANCE_KEEP=1`); its path is added to reasons. */
  keepWorkspace?: boolean;
  /** Run against this Postgres thread store (see CaptureOptions.threadStoreUrl). */
  threadStoreUrl?: string;
}

export async function runScenario(loaded: LoadedScenario, driver: EngineDriver, opts: RunOptions = {}): Promise<ScenarioResult> {
  const { scenario } = loaded;
  const result: ScenarioResult = { name: scenario.name, profile: scenario.profile, status: 'equal', reasons: [], rolloutDiffs: [], transcriptDiffs: [], execStreamDiffs: [] };
  try {
    const capture = await captureScenario(loaded, driver, {
      ...(opts.keepWorkspace === undefined ? {} : { keepWorkspace: opts.keepWorkspace }),
      rolloutOrder: scenario.rollouts.map((r) => r.thread),
      ...(opts.threadStoreUrl === undefined ? {} : { threadStoreUrl: opts.threadStoreUrl }),
    });
    let expected = loadExpectedRequests(loaded);
    // A pending step still verifies what was sent before it: only the recorded prefix is compared.
    if (capture.pending !== undefined) expected = expected.slice(0, capture.requests.length);
    result.reasons.push(...compareRequests(expected, capture.requests, rulesForProfile(scenario.profile)));
    if (capture.failure !== undefined) result.reasons.unshift(capture.failure);
    if (capture.pending === undefined && capture.failure === undefined) {
      result.rolloutDiffs = compareRollouts(loaded, capture);
      const transcripts = compareTranscripts(loaded, capture);
      result.transcriptDiffs = transcripts.appServer;
      result.execStreamDiffs = transcripts.exec;
    }
    if (result.reasons.length > 0) result.status = 'different';
    else if (capture.pending !== undefined) {
      result.status = 'pending';
      result.reasons.push(capture.pending);
    }
    if (capture.workspace !== undefined) result.reasons.push(`workspace kept at ${capture.workspace}`);
  } catch (err) {
    result.status = 'different';
    result.reasons.unshift(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
  return result;
}

function compareRollouts(loaded: LoadedScenario, capture: Capture): string[] {
  const { scenario, dir } = loaded;
  if (scenario.rollouts.length === 0) return [];
  const out: string[] = [];
  for (const r of scenario.rollouts) {
    const label = `rollout ${r.file} (${r.thread})`;
    const got = capture.rollouts.find((c) => c.thread === r.thread);
    if (got === undefined) {
      out.push(`${label}: no rollout file for thread ${r.thread} under {{CODEX_HOME}}/sessions`);
      continue;
    }
    if (got.path !== r.codex_path) out.push(`${label}: written at ${got.path}, expected ${r.codex_path}`);
    const expected = parseJsonl(readFileSync(join(dir, r.file), 'utf8'));
    out.push(...compareRollout(expected, got.lines, rulesForProfile(scenario.profile), label));
  }
  for (const c of capture.rollouts) if (!scenario.rollouts.some((r) => r.thread === c.thread)) out.push(`unexpected rollout file ${c.path}`);
  return out;
}

function compareTranscripts(loaded: LoadedScenario, capture: Capture): { exec: string[]; appServer: string[] } {
  const { scenario, dir } = loaded;
  const out = { exec: [] as string[], appServer: [] as string[] };
  for (const step of scenario.steps) {
    const candidates: [string, unknown[] | undefined, string[]][] = [
      [`${step.label}.stdout.jsonl`, capture.execStreams.get(step.label), out.exec],
      [`${step.label}.appserver.jsonl`, capture.appServerTranscripts.get(step.label), out.appServer],
    ];
    for (const [name, lines, diffs] of candidates) {
      // A driver that reports no transcript is not compared: transcripts are optional evidence.
      if (lines === undefined || !scenario.transcripts.includes(name)) continue;
      const expected = parseJsonl(readFileSync(join(dir, name), 'utf8'));
      diffs.push(...compareTranscript(expected, lines, name));
    }
  }
  return out;
}
