// Differential testing: a variant runs through the real Codex of its generation and through weft
// loaded with that generation's Codex pack; both captures are normalized the same way and Codex's is
// the expectation. Requests decide the verdict; rollouts and exec streams are compared too.
import { captureScenario, type Capture } from './capture.js';
import { codexBinaryDriver, findCodexBinary } from './codex-binary-driver.js';
import { compareRequests, compareRollout, compareTranscript, rulesForProfile } from './compare.js';
import type { EngineDriver } from './driver.js';
import { engineDriver } from './engine-driver.js';
import type { LoadedScenario } from './scenario.js';
import { applyVariant, changesRepository, loadBase, type Variant } from './variant.js';

export type VariantStatus = 'equal' | 'differs' | 'error' | 'skipped';

export interface VariantResult {
  name: string;
  base: string;
  status: VariantStatus;
  /** Request differences (decide `differs`), or why it is `error` / `skipped`. */
  requestDiffs: string[];
  rolloutDiffs: string[];
  execStreamDiffs: string[];
  /** Both captures, when asked for (`DifferentialOptions.keepCaptures`). */
  captures?: { codex: Capture; weft: Capture };
}

/** `codex-0.169` → `0.169.0`: the Codex release each profile was recorded from. */
export function codexVersionOf(profile: string): string | undefined {
  const m = /^codex-(\d+\.\d+)$/.exec(profile);
  return m ? `${m[1]}.0` : undefined;
}

export interface DifferentialOptions {
  /** The Codex side; by default the installed binary of the profile's version. */
  codex?: EngineDriver;
  /** The weft side (default: the in-process engine driver). */
  weft?: EngineDriver;
  keepWorkspace?: boolean;
  /** Return both captures in the result (to dump them). */
  keepCaptures?: boolean;
}

export async function runVariant(variant: Variant, opts: DifferentialOptions = {}): Promise<VariantResult> {
  const result: VariantResult = { name: variant.name, base: variant.base, status: 'equal', requestDiffs: [], rolloutDiffs: [], execStreamDiffs: [] };
  let loaded: LoadedScenario;
  try {
    loaded = applyVariant(variant, loadBase(variant));
  } catch (err) {
    return { ...result, status: 'error', requestDiffs: [String(err instanceof Error ? err.message : err)] };
  }
  const profile = loaded.scenario.profile;
  let codex = opts.codex;
  if (codex === undefined) {
    const version = codexVersionOf(profile);
    const binary = version === undefined ? undefined : findCodexBinary(version);
    if (binary === undefined) return { ...result, status: 'skipped', requestDiffs: [`no Codex ${version ?? profile} binary (scripts/install-codex.sh ${version ?? ''})`] };
    codex = codexBinaryDriver(binary);
  }
  const captureOpts = { verifyHead: !changesRepository(variant), ...(opts.keepWorkspace ? { keepWorkspace: true } : {}) };
  const theirs = await captureScenario(loaded, codex, captureOpts);
  if (theirs.failure !== undefined || theirs.pending !== undefined) {
    return { ...result, status: 'error', requestDiffs: [`Codex: ${theirs.failure ?? theirs.pending ?? ''}`] };
  }
  const ours = await captureScenario(loaded, opts.weft ?? engineDriver, captureOpts);
  return { ...result, ...compareCaptures(theirs, ours, profile), ...(opts.keepCaptures ? { captures: { codex: theirs, weft: ours } } : {}) };
}

/** Codex's capture is the expectation; weft's the actual. */
export function compareCaptures(theirs: Capture, ours: Capture, profile: string): Pick<VariantResult, 'status' | 'requestDiffs' | 'rolloutDiffs' | 'execStreamDiffs'> {
  const rules = rulesForProfile(profile);
  const requestDiffs = compareRequests(theirs.requests, ours.requests, rules);
  if (ours.failure !== undefined) requestDiffs.unshift(`weft: ${ours.failure}`);
  if (ours.pending !== undefined) requestDiffs.unshift(`weft: ${ours.pending}`);
  const rolloutDiffs: string[] = [];
  if (theirs.rollouts.length !== ours.rollouts.length) rolloutDiffs.push(`rollout files: Codex wrote ${theirs.rollouts.length}, weft ${ours.rollouts.length}`);
  theirs.rollouts.forEach((r, i) => {
    const mine = ours.rollouts.find((o) => o.thread !== undefined && o.thread === r.thread) ?? ours.rollouts[i];
    if (mine === undefined) return;
    const label = `rollout ${r.thread ?? i + 1}`;
    if (mine.path !== r.path) rolloutDiffs.push(`${label}: written at ${mine.path}, Codex at ${r.path}`);
    rolloutDiffs.push(...compareRollout(r.lines, mine.lines, rules, label));
  });
  const execStreamDiffs: string[] = [];
  for (const [label, lines] of theirs.execStreams) {
    const mine = ours.execStreams.get(label);
    if (mine !== undefined) execStreamDiffs.push(...compareTranscript(lines, mine, `${label} exec --json`));
  }
  return { status: requestDiffs.length > 0 ? 'differs' : 'equal', requestDiffs, rolloutDiffs, execStreamDiffs };
}

/** A readable report of one result: the verdict line, then each difference indented. */
export function formatResult(r: VariantResult): string {
  const extra = r.status === 'equal' && (r.rolloutDiffs.length > 0 || r.execStreamDiffs.length > 0) ? ' (requests equal; see below)' : '';
  const lines = [`${r.status.padEnd(7)} ${r.name} [${r.base}]${extra}`];
  const section = (title: string, diffs: string[]): void => {
    if (diffs.length === 0) return;
    lines.push(`  ${title}:`);
    for (const d of diffs) lines.push(d.replace(/^/gm, '    '));
  };
  section(r.status === 'differs' ? 'requests' : 'reason', r.requestDiffs);
  section('rollouts', r.rolloutDiffs);
  section('exec --json', r.execStreamDiffs);
  return lines.join('\n');
}
