// Runs one scenario end to end: materialize, mock, steps through the driver, normalize, compare.
// Request differences decide the status; rollout, exec stream and app-server transcript differences
// are reported apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { startMockResponsesServer, type MockReply, type MockServer } from '../../scripts/mock-responses-server.js';
import { compareRequests, compareRollout, compareTranscript, rulesForProfile, type ComparableRequest } from './compare.js';
import { PendingStep, type EngineDriver, type StepOutcome } from './driver.js';
import { CLIENT_NAME, CLIENT_TITLE, materializeScenario, type Materialized } from './materialize.js';
import { ProcessIdBindings } from './process-ids.js';
import { createNormalizer, threadPlaceholder, threadPlaceholderIndex, type Normalizer } from './normalize.js';
import { conformanceRoot, loadExpectedRequests, parseJsonl, type Exchange, type LoadedScenario, type Scenario } from './scenario.js';

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
}

function toMockReply(reply: Exchange['reply']): MockReply {
  // Loose schema objects do not narrow with `in`; check the stream array itself.
  if ('sse' in reply && Array.isArray(reply.sse)) return { status: reply.status, sse: reply.sse };
  return { status: reply.status, json: reply.json };
}

/** `<conformance root>/<profile>/pack`, else the pack next to the scenario's own tree. */
export function packDirFor(loaded: LoadedScenario): string {
  const shared = join(conformanceRoot(), loaded.scenario.profile, 'pack');
  if (existsSync(shared)) return shared;
  return resolve(loaded.dir, '..', '..', '..', loaded.scenario.profile, 'pack');
}

export async function runScenario(loaded: LoadedScenario, driver: EngineDriver, opts: RunOptions = {}): Promise<ScenarioResult> {
  const { scenario } = loaded;
  const result: ScenarioResult = { name: scenario.name, profile: scenario.profile, status: 'equal', reasons: [], rolloutDiffs: [], transcriptDiffs: [], execStreamDiffs: [] };
  let ws: Materialized | undefined;
  let expected = loadExpectedRequests(loaded);
  const processIds = new ProcessIdBindings();
  // Replies may name the workspace directories and the session ids the engine printed: bound per request.
  const mock = await startMockResponsesServer({
    respond: (req, index) => {
      const exchange = scenario.exchanges[index];
      if (exchange === undefined) return { status: 500, json: { error: { message: `mock: no reply configured for request index ${index}` } } };
      processIds.learn(expected[index]?.body, req.body);
      const reply = ws ? ws.substitute(exchange.reply, processIds.bindings) : exchange.reply;
      return toMockReply(reply);
    },
  });
  const keep = opts.keepWorkspace ?? process.env.WEFT_CONFORMANCE_KEEP === '1';
  try {
    ws = await materializeScenario(scenario, { mockUrl: mock.url });
    const { threadIds, outcomes, pending, failure } = await runSteps(loaded, driver, ws, mock);
    const normalizer = createNormalizer({
      paths: ws.paths,
      threadIds,
      processIds: processIds.engineIds(),
      clientName: CLIENT_NAME,
      clientTitle: CLIENT_TITLE,
    });
    const rules = rulesForProfile(scenario.profile);
    const actual = normalizeRequests(mock, normalizer);
    // A pending step still verifies what was sent before it: only the recorded prefix is compared.
    if (pending !== undefined) expected = expected.slice(0, actual.length);
    result.reasons.push(...compareRequests(expected, actual, rules));
    if (failure !== undefined) result.reasons.unshift(failure);
    if (pending === undefined && failure === undefined) {
      result.rolloutDiffs = compareRollouts(scenario, loaded.dir, ws, threadIds, normalizer);
      const transcripts = compareTranscripts(scenario, loaded.dir, outcomes, normalizer);
      result.transcriptDiffs = transcripts.appServer;
      result.execStreamDiffs = transcripts.exec;
    }
    if (result.reasons.length > 0) result.status = 'different';
    else if (pending !== undefined) {
      result.status = 'pending';
      result.reasons.push(pending);
    }
    if (keep) result.reasons.push(`workspace kept at ${ws.root}`);
  } catch (err) {
    result.status = 'different';
    result.reasons.unshift(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  } finally {
    await mock.close();
    if (ws && !keep) ws.cleanup();
  }
  return result;
}

interface StepsRun {
  threadIds: string[];
  outcomes: Map<string, StepOutcome>;
  pending?: string;
  failure?: string;
}

async function runSteps(loaded: LoadedScenario, driver: EngineDriver, ws: Materialized, mock: MockServer): Promise<StepsRun> {
  const { scenario } = loaded;
  const run: StepsRun = { threadIds: [], outcomes: new Map() };
  const packDir = packDirFor(loaded);
  for (const step of scenario.steps) {
    const threads = Object.fromEntries(run.threadIds.map((id, i) => [threadPlaceholder(i), id]));
    const ops = ws.substitute(step.ops, threads);
    const cwd = ws.substitute(step.cwd);
    const codexHome = ws.paths['{{CODEX_HOME}}'] ?? '';
    try {
      const outcome = await driver.runStep({
        scenario, step, ops, cwd, env: { ...ws.env }, packDir, profile: scenario.profile, mockUrl: mock.url, knownThreadIds: [...run.threadIds], codexHome,
      });
      run.threadIds.push(...outcome.threadIds);
      run.outcomes.set(step.label, outcome);
    } catch (err) {
      const where = `step ${step.process} (${step.label})`;
      if (err instanceof PendingStep) run.pending = `${where}: pending: ${err.message}`;
      else run.failure = `${where} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
      break;
    }
  }
  return run;
}

function normalizeRequests(mock: MockServer, n: Normalizer): ComparableRequest[] {
  return mock.requests.map((r) => ({
    method: r.method,
    path: n.string(r.path),
    query: r.query ? (n.value(r.query) as Record<string, string>) : undefined,
    body: r.body === undefined ? { rawBody: r.rawBody } : n.value(r.body),
  }));
}

function listJsonl(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f));
}

function compareRollouts(scenario: Scenario, dir: string, ws: Materialized, threadIds: string[], n: Normalizer): string[] {
  if (scenario.rollouts.length === 0) return [];
  const files = listJsonl(join(ws.paths['{{CODEX_HOME}}'] ?? '', 'sessions'));
  const out: string[] = [];
  const used = new Set<string>();
  for (const r of scenario.rollouts) {
    const label = `rollout ${r.file} (${r.thread})`;
    const index = threadPlaceholderIndex(r.thread);
    const id = index === undefined ? undefined : threadIds[index];
    const file = id === undefined ? undefined : files.find((f) => basename(f).endsWith(`${id}.jsonl`));
    if (file === undefined) {
      out.push(`${label}: no rollout file for thread ${id ?? '(not created)'} under {{CODEX_HOME}}/sessions`);
      continue;
    }
    used.add(file);
    const where = n.string(file);
    if (where !== r.codex_path) out.push(`${label}: written at ${where}, expected ${r.codex_path}`);
    const expected = parseJsonl(readFileSync(join(dir, r.file), 'utf8'));
    const actual = parseJsonl(readFileSync(file, 'utf8')).map((line) => n.value(line));
    out.push(...compareRollout(expected, actual, rulesForProfile(scenario.profile), label));
  }
  for (const f of files) if (!used.has(f)) out.push(`unexpected rollout file ${n.string(f)}`);
  return out;
}

function compareTranscripts(scenario: Scenario, dir: string, outcomes: Map<string, StepOutcome>, n: Normalizer): { exec: string[]; appServer: string[] } {
  const out = { exec: [] as string[], appServer: [] as string[] };
  for (const step of scenario.steps) {
    const outcome = outcomes.get(step.label);
    const candidates: [string, unknown[] | undefined, string[]][] = [
      [`${step.label}.stdout.jsonl`, outcome?.stdout === undefined ? undefined : parseJsonl(outcome.stdout), out.exec],
      [`${step.label}.appserver.jsonl`, outcome?.transcript, out.appServer],
    ];
    for (const [name, lines, diffs] of candidates) {
      // A driver that reports no transcript is not compared: transcripts are optional evidence.
      if (lines === undefined || !scenario.transcripts.includes(name)) continue;
      const expected = parseJsonl(readFileSync(join(dir, name), 'utf8'));
      diffs.push(...compareTranscript(expected, lines.map((l) => n.value(l)), name));
    }
  }
  return out;
}
