// A resumed thread over its auto-compaction limit, held to the real Codex 0.169: the estimate each
// engine writes for the rebuilt window (the token_count after a compaction, until a response reports
// real usage), every token_count and token_usage_record, and how many times the turn compacts.
// 1. The recorded compaction_preturn scenario and two variants that change what the window holds (a
//    developer instruction; gpt-5.6-sol, whose window holds its base instructions and its tools):
//    each engine runs both steps. 2. A scripted session: the resumed turn compacts before it starts,
//    the model calls a tool with a usage just under the limit, the tool's output carries it over,
//    and both compact a second time in that turn.
// Runs only where the binary is installed (`scripts/install-codex.sh 0.169.0`).
import { cp, readdir, readFile } from 'node:fs/promises';
import path, { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { functionCallReply, makeUsage, startMockResponsesServer, textReply, type MockServer } from '../../src/testing/index.js';
import { codexHomeWorkspace, mockProviderTable } from '../support/appserver-workspace.js';
import { CODEX_0169_DIR } from '../support/codex-0169.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { codexBinaryDriver, findCodexBinary, run } from './codex-binary-driver.js';
import { engineDriver } from './engine-driver.js';
import { runScenario } from './run-scenario.js';
import { conformanceRoot, listScenarios, type LoadedScenario } from './scenario.js';

const binary = findCodexBinary('0.169.0');
const CODEX_UNDER_LOAD = { retry: 2, timeout: 120_000 };
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

interface TokenLines {
  /** Each token_count's info without rate limits, and each token_usage_record's usages, in order. */
  lines: unknown[];
  compactions: number;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The token lines and compactions of the rollouts under `codexHome` (one thread). */
async function tokenLines(codexHome: string): Promise<TokenLines> {
  const out: TokenLines = { lines: [], compactions: 0 };
  const dir = join(codexHome, 'sessions');
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue;
    for (const text of (await readFile(join(entry.parentPath, entry.name), 'utf8')).split('\n')) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as { type?: string; payload?: unknown };
      const p = isRecord(line.payload) ? line.payload : {};
      if (line.type === 'compacted') out.compactions += 1;
      else if (line.type === 'event_msg' && p.type === 'token_count') out.lines.push({ token_count: p.info ?? null });
      else if (line.type === 'token_usage_record') out.lines.push({ token_usage_record: [p.usage, p.turn_token_usage, p.thread_token_usage] });
    }
  }
  return out;
}

type Tweak = (s: LoadedScenario['scenario']) => void;
const VARIANTS: Record<string, Tweak> = {
  'as recorded': () => {},
  'with a developer instruction': (s) => {
    s.config_toml = `developer_instructions = "${'Keep it short. '.repeat(200)}"\n${s.config_toml}`;
  },
  'on gpt-5.6-sol (base instructions and tools in the window)': (s) => {
    s.config_toml = s.config_toml.replace('model = "gpt-5.5"', 'model = "gpt-5.6-sol"');
  },
};

async function scenarioRun(tweak: Tweak, engine: 'codex' | 'weft'): Promise<{ tokens: TokenLines; reasons: string[] }> {
  const found = listScenarios(join(conformanceRoot(), 'codex-0.169')).find((s) => s.scenario.name === 'compaction_preturn');
  if (found === undefined) throw new Error('no compaction_preturn scenario');
  const loaded = structuredClone(found);
  tweak(loaded.scenario);
  const result = await runScenario(loaded, engine === 'codex' ? codexBinaryDriver(binary as string) : engineDriver, { keepWorkspace: true });
  const kept = result.reasons.find((r) => r.startsWith('workspace kept at '));
  if (kept === undefined) throw new Error(`no workspace kept: ${result.reasons.join('\n')}`);
  const workspace = kept.slice('workspace kept at '.length).trim();
  const tokens = await tokenLines(join(workspace, 'codex_home'));
  await removeWorkspace(workspace);
  return { tokens, reasons: result.reasons.filter((r) => r !== kept) };
}

async function removeWorkspace(dir: string): Promise<void> {
  const { rm } = await import('node:fs/promises');
  await rm(dir, { recursive: true, force: true });
}

describe.skipIf(!binary)('the estimate of a rebuilt window: weft and the real Codex 0.169', () => {
  for (const [name, tweak] of Object.entries(VARIANTS)) {
    test(`compaction_preturn ${name}: the same token lines and compactions`, CODEX_UNDER_LOAD, async () => {
      const codex = await scenarioRun(tweak, 'codex');
      const weft = await scenarioRun(tweak, 'weft');
      expect(weft.tokens.compactions).toBe(1);
      expect(weft.tokens).toEqual(codex.tokens);
      // As recorded, weft also sends the recorded requests.
      if (name === 'as recorded') expect(weft.reasons).toEqual([]);
    });
  }
});

const LIMIT = 5000;
const compactPrompt = await readFile(join(CODEX_0169_DIR, 'pack', 'compact', 'prompt.md'), 'utf8');

function lastText(body: unknown): string | undefined {
  const input = isRecord(body) && Array.isArray(body.input) ? body.input : [];
  const last: unknown = input.at(-1);
  const content = isRecord(last) && Array.isArray(last.content) ? last.content : [];
  const part: unknown = content[0];
  return isRecord(part) && typeof part.text === 'string' ? part.text : undefined;
}

/**
 * The first turn answers with a usage over the limit; the resumed turn's first request calls
 * get_goal with a usage `under` tokens under it, then answers. The call's output (call id and text:
 * 75 bytes, 19 tokens) carries 19 under over the limit, not 20. Compaction requests get a summary.
 */
function script(under: number) {
  let normal = 0;
  return (req: { body: unknown }) => {
    if (lastText(req.body) === compactPrompt) return textReply('A summary of the work so far.', { usage: makeUsage(300, 30) });
    normal += 1;
    if (normal === 1) return textReply('First answer.', { usage: makeUsage(200_000, 50) });
    if (normal === 2) return functionCallReply('get_goal', {}, 'call_goal', { usage: makeUsage(LIMIT - under - 5, 5) });
    return textReply('Done.', { usage: makeUsage(400, 10) });
  };
}

async function sessionRun(engine: 'codex' | 'weft', under: number, skillsFrom?: string): Promise<{ tokens: TokenLines; requests: number; codexHome: string }> {
  mock = await startMockResponsesServer({ respond: script(under) });
  const own = engine === 'weft' ? `compat = "codex-0.169"\npack = ${JSON.stringify(join(CODEX_0169_DIR, 'pack'))}\n` : '';
  const ws = await codexHomeWorkspace(
    `${own}model = "gpt-5.5"\nmodel_provider = "mock"\nmodel_auto_compact_token_limit = ${LIMIT}\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`,
  );
  if (skillsFrom !== undefined) await cp(join(skillsFrom, 'skills', '.system'), join(ws.codexHome, 'skills', '.system'), { recursive: true });
  for (const args of [
    ['exec', '--json', '--skip-git-repo-check', 'First prompt.'],
    ['exec', '--json', '--skip-git-repo-check', 'resume', '--last', 'Second prompt, over the limit.'],
  ]) {
    if (engine === 'codex') {
      const env = { ...ws.env, PATH: `${path.dirname(process.execPath)}:${ws.env.PATH ?? '/usr/bin:/bin'}` };
      const done = await run(binary as string, args, ws.cwd, env);
      expect(done.code, done.stderr).toBe(0);
    } else {
      const err: string[] = [];
      const code = await main(args, { env: ws.env, cwd: ws.cwd, stdout: () => {}, stderr: (l) => err.push(l), isTty: false });
      expect(code, err.join('\n')).toBe(0);
    }
  }
  const requests = mock.requests.length;
  await mock.close();
  mock = undefined;
  return { tokens: await tokenLines(ws.codexHome), requests, codexHome: ws.codexHome };
}

describe.skipIf(!binary)('compacting again in the same turn: weft and the real Codex 0.169', () => {
  for (const [under, compactions] of [[19, 2], [20, 1]] as const) {
    test(`a resumed over-limit thread compacts before the turn, and again when a tool output carries a response ${under} tokens under the limit over it: ${compactions} compaction(s)`, CODEX_UNDER_LOAD, async () => {
      const codex = await sessionRun('codex', under);
      const weft = await sessionRun('weft', under, codex.codexHome);
      expect(codex.tokens.compactions).toBe(compactions);
      expect(weft.requests).toBe(codex.requests);
      expect(weft.tokens).toEqual(codex.tokens);
    });
  }
});
