// Schema and loader for `scenario.json` (format `weft-conformance-scenario/1`, see
// ../shared/conformance/README.md). Objects are loose so that fields added by newer recordings do
// not break loading; unknown ops are kept as `{op: 'unknown'}` so a driver can report them as pending.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const Json = z.unknown();
const Overrides = z.record(z.string(), Json);

const KNOWN_OPS = ['start', 'resume', 'fork', 'turn', 'compact', 'list_collaboration_modes', 'initialize', 'initialized'] as const;

/** The exact JSON-RPC request an app-server op sent (normalized in the file, resolved in `StepContext`). */
const JsonRpc = z.looseObject({ jsonrpc: z.string(), method: z.string(), id: z.union([z.number(), z.string()]).optional(), params: Json.optional() });

const KnownOp = z.discriminatedUnion('op', [
  z.looseObject({ op: z.literal('start'), overrides: Overrides.default({}), cwd: z.string().optional(), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('resume'), thread: z.string(), overrides: Overrides.default({}), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('fork'), thread: z.string(), overrides: Overrides.default({}), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('turn'), prompt: z.string(), thread: z.string().optional(), overrides: Overrides.default({}), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('compact'), thread: z.string(), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('list_collaboration_modes'), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('initialize'), jsonrpc: JsonRpc.optional() }),
  z.looseObject({ op: z.literal('initialized'), jsonrpc: JsonRpc.optional() }),
]);

// Only ops whose name is not a known one fall through here, so a malformed known op still fails loudly.
const UnknownOp = z
  .looseObject({ op: z.string().refine((name) => !(KNOWN_OPS as readonly string[]).includes(name)) })
  .transform((raw) => ({ op: 'unknown' as const, name: raw.op, raw: raw as Record<string, unknown> }));

export const OpSchema = z.union([KnownOp, UnknownOp]);
export type Op = z.output<typeof OpSchema>;

export const StepSchema = z.looseObject({
  process: z.number().int(),
  label: z.string(),
  cwd: z.string(),
  /** `exec` or `app-server` in the current recordings. */
  interface: z.string(),
  argv: z.array(z.string()),
  ops: z.array(OpSchema),
  exit_code: z.number().int().nullable().optional(),
  thread: z.string().optional(),
  /** How server → client requests (approvals) were answered, e.g. `{decision: 'accept'}`. */
  server_requests_answer: Json.optional(),
});
export type Step = z.output<typeof StepSchema>;

export const ReplySchema = z.union([
  z.looseObject({ status: z.number().int(), sse: z.array(Json) }),
  z.looseObject({ status: z.number().int(), json: Json }),
]);

export const ExchangeSchema = z.looseObject({
  request: z.string(),
  /** `responses`, `compact`, `models` or `other`. */
  kind: z.string(),
  method: z.string(),
  path: z.string(),
  responses_index: z.number().int().nullable().optional(),
  turn_context: Json.optional(),
  reply: ReplySchema,
});
export type Exchange = z.output<typeof ExchangeSchema>;

export const GitSchema = z.looseObject({
  root: z.string(),
  init: z.string(),
  add: z.string(),
  commit: z.looseObject({
    message: z.string(),
    author_name: z.string(),
    author_email: z.string(),
    committer_name: z.string(),
    committer_email: z.string(),
    date: z.string(),
  }),
  committed_files: z.array(z.string()).optional(),
  head_commit: z.string(),
});

export const ScenarioSchema = z.looseObject({
  format: z.literal('weft-conformance-scenario/1'),
  name: z.string(),
  description: z.string().default(''),
  profile: z.string(),
  recorded_with: z.string().optional(),
  config_toml: z.string(),
  config_path: z.string(),
  dirs: z.record(z.string(), z.string()),
  files: z.record(z.string(), z.string()).default({}),
  /** Binary input files (base64), written before the git recipe like `files`. */
  files_base64: z.record(z.string(), z.string()).default({}),
  git: GitSchema.nullable().optional(),
  env: z.record(z.string(), z.string()),
  steps: z.array(StepSchema),
  exchanges: z.array(ExchangeSchema),
  rollouts: z.array(z.looseObject({ file: z.string(), thread: z.string(), codex_path: z.string() })).default([]),
  transcripts: z.array(z.string()).default([]),
  thread_ids: z.array(z.string()).default([]),
});
export type Scenario = z.output<typeof ScenarioSchema>;

export interface LoadedScenario {
  scenario: Scenario;
  /** Absolute directory of the scenario (holds `requests/`, `rollouts/`, transcripts). */
  dir: string;
}

/** Root of the conformance fixtures: `$WEFT_CONFORMANCE_DIR`, else `<repo>/../shared/conformance`. */
export function conformanceRoot(): string {
  const fromEnv = process.env.WEFT_CONFORMANCE_DIR;
  if (fromEnv) return resolve(fromEnv);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  return resolve(repoRoot, '..', 'shared', 'conformance');
}

/** Profile directories (`codex-0.98`, `codex-0.169`, …) that hold a `scenarios/` folder. */
export function listProfiles(root = conformanceRoot()): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'scenarios')))
    .map((d) => d.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true })); // codex-0.98 before codex-0.169
}

export function loadScenario(dir: string): LoadedScenario {
  const file = join(dir, 'scenario.json');
  const parsed = ScenarioSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`invalid ${file}:\n${z.prettifyError(parsed.error)}`);
  return { scenario: parsed.data, dir };
}

/** Scenarios of one profile directory, sorted by name. */
export function listScenarios(profileDir: string): LoadedScenario[] {
  const dir = join(profileDir, 'scenarios');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'scenario.json')))
    .map((d) => d.name)
    .sort()
    .map((name) => loadScenario(join(dir, name)));
}

/** `requests/NNN.json` as stored: `{method, path, query?, body}`. */
export const ExpectedRequestSchema = z.looseObject({
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()).optional(),
  body: Json,
});
export type ExpectedRequest = z.output<typeof ExpectedRequestSchema>;

export function loadExpectedRequests(loaded: LoadedScenario): ExpectedRequest[] {
  return loaded.scenario.exchanges.map((ex) => ExpectedRequestSchema.parse(JSON.parse(readFileSync(join(loaded.dir, ex.request), 'utf8'))));
}

/** Parses a JSONL file (or text) into values; blank lines are ignored. */
export function parseJsonl(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
