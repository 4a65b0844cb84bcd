// Runs a scenario's steps through one driver against the replaying mock and returns what the engine
// produced, normalized: the requests, the rollout files, the exec streams and app-server transcripts.
// `runScenario` compares a capture with the recorded files; the differential runner compares two
// captures (the real Codex's and weft's) of the same changed scenario.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startMockResponsesServer, type MockReply, type MockServer } from '../../scripts/mock-responses-server.js';
import type { ComparableRequest } from './compare.js';
import { PendingStep, type EngineDriver, type StepOutcome } from './driver.js';
import { CLIENT_NAME, CLIENT_TITLE, materializeScenario, type Materialized } from './materialize.js';
import { createNormalizer, threadPlaceholder, type Normalizer } from './normalize.js';
import { ProcessIdBindings } from './process-ids.js';
import { conformanceRoot, loadExpectedRequests, type Exchange, type LoadedScenario } from './scenario.js';
import { exportedRollouts } from '../support/postgres-rollouts.js';

export interface CapturedRollout {
  /** `{{THREAD_ID…}}` of the thread the file belongs to, or undefined for a file of no known thread. */
  thread: string | undefined;
  /** Where the engine wrote it, normalized (`{{CODEX_HOME}}/sessions/…`). */
  path: string;
  lines: unknown[];
}

export interface Capture {
  requests: ComparableRequest[];
  /** Rollouts of the created threads in `rolloutOrder` (else creation order), then any other file. */
  rollouts: CapturedRollout[];
  /** Per step label: the normalized `exec --json` lines, or the app-server transcript. */
  execStreams: Map<string, unknown[]>;
  appServerTranscripts: Map<string, unknown[]>;
  threadCount: number;
  /** A step that threw (harness or engine error): the steps after it did not run. */
  failure?: string;
  /** A step the driver declared unsupported (PendingStep). */
  pending?: string;
  /** The workspace, when kept. */
  workspace?: string;
}

export interface CaptureOptions {
  keepWorkspace?: boolean;
  /** See MaterializeOptions.verifyHead. */
  verifyHead?: boolean;
  /** Thread placeholders whose rollouts are normalized first, in this order (fixes `{{IDn}}` numbering). */
  rolloutOrder?: string[];
  /**
   * Keep the threads in this Postgres store (WEFT_THREAD_STORE for every step) instead of the home's
   * files; the rollouts compared are then the store's exports.
   */
  threadStoreUrl?: string;
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
  return join(loaded.dir, '..', '..', '..', loaded.scenario.profile, 'pack');
}

export async function captureScenario(loaded: LoadedScenario, driver: EngineDriver, opts: CaptureOptions = {}): Promise<Capture> {
  const { scenario } = loaded;
  let ws: Materialized | undefined;
  const expected = loadExpectedRequests(loaded);
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
    ws = await materializeScenario(scenario, { mockUrl: mock.url, verifyHead: opts.verifyHead ?? true });
    const run = await runSteps(loaded, driver, ws, mock, opts.threadStoreUrl);
    const normalizer = createNormalizer({
      paths: ws.paths,
      threadIds: run.threadIds,
      processIds: processIds.engineIds(),
      clientName: CLIENT_NAME,
      clientTitle: CLIENT_TITLE,
    });
    // Normalization numbers `{{IDn}}` by first appearance: requests, then rollouts, then transcripts.
    const capture: Capture = {
      requests: normalizeRequests(mock, normalizer),
      rollouts: [],
      execStreams: new Map(),
      appServerTranscripts: new Map(),
      threadCount: run.threadIds.length,
      ...(run.failure === undefined ? {} : { failure: run.failure }),
      ...(run.pending === undefined ? {} : { pending: run.pending }),
      ...(keep ? { workspace: ws.root } : {}),
    };
    if (run.pending === undefined && run.failure === undefined) {
      const stored = opts.threadStoreUrl === undefined ? undefined : await exportedRollouts(opts.threadStoreUrl, ws.paths['{{CODEX_HOME}}'] ?? '');
      capture.rollouts = readRollouts(ws, run.threadIds, normalizer, opts.rolloutOrder, stored);
      for (const step of scenario.steps) {
        const outcome = run.outcomes.get(step.label);
        if (outcome?.stdout !== undefined) capture.execStreams.set(step.label, parseLines(outcome.stdout).map((l) => normalizer.value(l)));
        if (outcome?.transcript !== undefined) capture.appServerTranscripts.set(step.label, outcome.transcript.map((l) => normalizer.value(l)));
      }
    }
    return capture;
  } finally {
    await mock.close();
    if (ws && !keep) ws.cleanup();
  }
}

interface StepsRun {
  threadIds: string[];
  outcomes: Map<string, StepOutcome>;
  pending?: string;
  failure?: string;
}

async function runSteps(loaded: LoadedScenario, driver: EngineDriver, ws: Materialized, mock: MockServer, threadStoreUrl: string | undefined): Promise<StepsRun> {
  const { scenario } = loaded;
  const run: StepsRun = { threadIds: [], outcomes: new Map() };
  const packDir = packDirFor(loaded);
  for (const step of scenario.steps) {
    const threads = Object.fromEntries(run.threadIds.map((id, i) => [threadPlaceholder(i), id]));
    const ops = ws.substitute(step.ops, threads);
    const cwd = ws.substitute(step.cwd);
    // A variant's flags may name the workspace (`--output-schema {{EXTRA}}/…`); recorded argv does
    // not, and then the step is passed as it is (drivers may find it in the scenario by identity).
    const argv = ws.substitute(step.argv);
    const stepRun = argv.some((arg, i) => arg !== step.argv[i]) ? { ...step, argv } : step;
    const codexHome = ws.paths['{{CODEX_HOME}}'] ?? '';
    try {
      const outcome = await driver.runStep({
        scenario, step: stepRun, ops, cwd, env: { ...ws.env, ...(threadStoreUrl === undefined ? {} : { WEFT_THREAD_STORE: threadStoreUrl }) }, packDir, profile: scenario.profile, mockUrl: mock.url, knownThreadIds: [...run.threadIds], codexHome,
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
    .map((f) => join(dir, f))
    .sort();
}

function readRollouts(ws: Materialized, threadIds: string[], n: Normalizer, order: string[] | undefined, stored?: Map<string, string>): CapturedRollout[] {
  const files = stored ? [...stored.keys()].sort() : listJsonl(join(ws.paths['{{CODEX_HOME}}'] ?? '', 'sessions'));
  const placeholders = order ?? threadIds.map((_, i) => threadPlaceholder(i));
  const out: CapturedRollout[] = [];
  const used = new Set<string>();
  const read = (file: string, thread: string | undefined): void => {
    used.add(file);
    const path = n.string(file);
    out.push({ thread, path, lines: parseLines(stored?.get(file) ?? readFileSync(file, 'utf8')).map((line) => n.value(line)) });
  };
  for (const placeholder of placeholders) {
    const index = threadIds.findIndex((_, i) => threadPlaceholder(i) === placeholder);
    const id = threadIds[index];
    const file = id === undefined ? undefined : files.find((f) => basename(f).endsWith(`${id}.jsonl`));
    if (file !== undefined && !used.has(file)) read(file, placeholder);
  }
  for (const f of files) if (!used.has(f)) read(f, undefined);
  return out;
}

/** JSONL text → values; blank lines are left out, a line that is not JSON is kept as its text (and differs). */
function parseLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
}
