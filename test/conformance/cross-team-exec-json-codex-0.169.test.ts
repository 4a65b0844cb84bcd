// The issue-37 session through `exec --json` (what @openai/codex-sdk drives): the real `codex exec
// --json` 0.169 and `weft exec --json` (compat codex-0.169, Codex's recorded 0.169 pack, the system
// skills Codex wrote into its home copied into weft's) run one scripted loopback mock — a goal
// created, request_user_input called, two agents spawned and waited for, the goal completed — and
// print the same JSONL event stream and send every thread the same requests, after normalizing ids,
// times and paths. In exec nobody can answer a question: the turn runs in Default mode, where
// request_user_input is not available, and both engines say so to the model (each in its own words:
// Codex's sentence is in no pack, weft's is templates/tool_output/user_input/wrong_mode.txt) while
// the stream shows nothing of it. Runs only where the binary is installed.
import { cp } from 'node:fs/promises';
import path, { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { agentOf, startMockResponsesServer, type MockServer } from '../../src/testing/index.js';
import { goalTokensOf } from '../../src/tools/goals/thread-goal.js';
import { CODEX_0169_DIR } from '../support/codex-0169.js';
import { requestsByAgent } from '../support/team-requests.js';
import { expectSameRequests } from '../support/team-cross-run.js';
import { teamSessionScript, teamWorkspace } from '../support/team-session.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { findCodexBinary, run } from './codex-binary-driver.js';
import { createNormalizer } from './normalize.js';

const binary = findCodexBinary('0.169.0');
const CHILDREN = ['/root/alpha', '/root/beta'];
const PROMPT = 'Count with two helpers.';
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

interface Session {
  events: unknown[];
  requests: Record<string, unknown[]>;
  codexHome: string;
}

async function runExec(engine: 'codex' | 'weft', skillsFrom?: string): Promise<Session> {
  mock = await startMockResponsesServer({ respond: teamSessionScript() });
  const ws = await teamWorkspace(mock.url, engine === 'weft' ? 'codex-0.169' : undefined, engine === 'weft' ? join(CODEX_0169_DIR, 'pack') : undefined);
  if (skillsFrom !== undefined) await cp(join(skillsFrom, 'skills', '.system'), join(ws.codexHome, 'skills', '.system'), { recursive: true });
  const args = ['exec', '--json', '--skip-git-repo-check', PROMPT];
  let stdout: string;
  if (engine === 'codex') {
    const env = { ...ws.env, PATH: `${path.dirname(process.execPath)}:${ws.env.PATH ?? '/usr/bin:/bin'}` };
    const done = await run(binary as string, args, ws.cwd, env);
    expect(done.code, done.stderr).toBe(0);
    stdout = done.stdout;
  } else {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { env: ws.env, cwd: ws.cwd, stdout: (l) => out.push(l), stderr: (l) => err.push(l), isTty: false });
    expect(code, err.join('\n')).toBe(0);
    stdout = `${out.join('\n')}\n`;
  }
  const raw = stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { type?: string; thread_id?: string });
  const root = raw.find((e) => e.type === 'thread.started')?.thread_id;
  if (root === undefined) throw new Error(`${engine} exec started no thread`);
  const threads = [root, ...CHILDREN.map((p) => mock?.requests.map(agentOf).find((a) => a.agent === p)?.threadId ?? p)];
  const paths = { '{{REPO}}': ws.cwd, '{{CODEX_HOME}}': ws.codexHome, '{{HOME}}': ws.env.HOME ?? '', '{{WS}}': ws.root };
  const events = createNormalizer({ paths, threadIds: threads }).value(raw) as unknown[];
  const requests = requestsByAgent(mock.requests, ['/root', ...CHILDREN], threads, { root: ws.root, cwd: ws.cwd, codexHome: ws.codexHome, home: ws.env.HOME ?? '' });
  await mock.close();
  mock = undefined;
  return { events, requests, codexHome: ws.codexHome };
}

/** The goal tokens of one of the mock's responses (its default usage: 1200 in, 1000 cached, 40 out). */
const ONE_RESPONSE = goalTokensOf({ input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40 });

/**
 * Codex 0.169 runs a tool as soon as its call is streamed, and writes a goal's count when a tool
 * has run: whether the response that called a long tool (a wait) is already counted when its count
 * is written depends on whether its usage arrived first, a race of its own (1680 or 1920 tokens on
 * this script). weft counts a response once its calls ran, as Codex does when the tool is quick
 * (test/unit/thread/goal-usage-is-counted-as-calls-run.test.ts). So where Codex's goal in an
 * answer is weft's but for one more response counted, weft's count stands for Codex's.
 */
function goalCountRaceEvened(codex: unknown, weft: unknown): unknown {
  const used = /"tokensUsed":(\d+)/;
  if (typeof codex === 'string' && typeof weft === 'string') {
    const c = used.exec(codex)?.[1];
    const w = used.exec(weft)?.[1];
    if (c === undefined || w === undefined || Number(c) !== Number(w) + ONE_RESPONSE) return codex;
    const evened = codex.replace(used, `"tokensUsed":${w}`);
    return evened === weft ? weft : codex;
  }
  if (Array.isArray(codex) && Array.isArray(weft)) return codex.map((c, i) => goalCountRaceEvened(c, weft[i]));
  if (typeof codex === 'object' && codex !== null && typeof weft === 'object' && weft !== null && !Array.isArray(codex)) {
    return Object.fromEntries(Object.entries(codex).map(([key, v]) => [key, goalCountRaceEvened(v, (weft as Record<string, unknown>)[key])]));
  }
  return codex;
}

/** What the root's model was answered for its question (in the request after it). */
function askAnswer(s: Session): unknown {
  const bodies = (s.requests['/root'] ?? []).map((r) => (r as { body: { input: { type: string; call_id?: string; output?: unknown }[] } }).body);
  return bodies.flatMap((b) => b.input).find((i) => i.type === 'function_call_output' && i.call_id === 'call_ask')?.output;
}

describe.skipIf(!binary)('the issue-37 session through exec --json: weft and the real Codex 0.169', () => {
  test('a goal, an unanswerable question and two agents waited for print the same event stream and send the same requests', async () => {
    const codex = await runExec('codex');
    const weft = await runExec('weft', codex.codexHome);
    expect(weft.events).toEqual(codex.events);
    // The question shows nowhere in the stream; the model is told, in plain text naming the turn's
    // mode, that nobody was asked.
    expect(JSON.stringify(codex.events)).not.toMatch(/call_ask|request_user_input/);
    for (const s of [codex, weft]) expect(askAnswer(s)).toMatch(/^request_user_input [^{]*Default mode/);
    expectSameRequests(codex, weft, goalCountRaceEvened);
  }, 180_000);
});
