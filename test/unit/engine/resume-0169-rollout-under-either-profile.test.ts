// A rollout Codex 0.169 wrote (the recorded `resume` scenario's first step) is resumed by weft, under
// the codex-0.169 profile and under the codex-0.98 one.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, type MockServer } from '../../../scripts/mock-responses-server.js';
import { Weft } from '../../../src/engine/weft.js';
import { CODEX_0169_DIR, CODEX_0169_PACK_DIR, recordedBody } from '../../support/codex-0169.js';
import { CODEX_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const THREAD = '01a200af-f437-7fa0-a2ef-8674f4b34772';
const FIRST_STEP_LINES = 14;

interface Setup {
  home: string;
  repo: string;
  mock: MockServer;
  /** Recorded text with this run's paths and ids. */
  concrete: (text: string) => string;
}

async function setup(): Promise<Setup> {
  const root = await tempDir();
  const home = path.join(root, 'codex_home');
  const repo = path.join(root, 'repo');
  await mkdir(repo, { recursive: true });
  const ids = new Map<string, string>();
  const concrete = (text: string): string =>
    text
      .replace(/"\{\{(UNIX_S|UNIX_MS|DURATION_MS)\}\}"/g, '1767323045')
      .replace(/\{\{(ID\d+)\}\}/g, (p) => ids.get(p) ?? (ids.set(p, randomUUID()), ids.get(p) as string))
      .split('{{THREAD_ID}}').join(THREAD)
      .split('{{REPO}}').join(repo)
      .split('{{CODEX_HOME}}').join(home)
      .split('{{TIMESTAMP}}').join('2026-01-02T03:04:05.000Z')
      .split('{{CURRENT_DATE}}').join('2026-01-02')
      .split('{{TIMEZONE}}').join('Etc/UTC');
  // The recorded file holds both steps: the rollout as the first one left it ends at ordinal 14.
  const rollout = (await readFile(`${CODEX_0169_DIR}scenarios/resume/rollouts/1.jsonl`, 'utf8'))
    .split('\n')
    .filter((l) => l !== '' && (JSON.parse(l) as { ordinal: number }).ordinal < FIRST_STEP_LINES)
    .map((l) => `${l}\n`)
    .join('');
  const file = path.join(home, 'sessions', '2026', '01', '02', `rollout-2026-01-02T03-04-05-${THREAD}.jsonl`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, concrete(rollout));
  const scenario = JSON.parse(await readFile(`${CODEX_0169_DIR}scenarios/resume/scenario.json`, 'utf8')) as { exchanges: { reply: { status: number; sse: unknown[] } }[] };
  const reply = scenario.exchanges[1]?.reply;
  const mock = await startMockResponsesServer({ replies: reply ? [{ status: reply.status, sse: reply.sse }] : [] });
  await writeFile(
    path.join(home, 'config.toml'),
    `model = "gpt-5.5"\nmodel_provider = "mock"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`,
  );
  return { home, repo, mock, concrete };
}

async function resumeAndRun(s: Setup, compat: 'codex-0.169' | 'codex-0.98', packDir: string) {
  const env = { HOME: s.home, CODEX_HOME: s.home, SHELL: '/bin/bash', MOCK_API_KEY: 'dummy', PATH: process.env.PATH };
  const weft = await Weft.open({ env, home: s.home, packDir, compat, cwd: s.repo, originator: 'codex_exec', source: 'exec' });
  const thread = await weft.resumeThread('last', { overrides: { approvalPolicy: 'never' } });
  const outcome = await thread.run('Second prompt.');
  await thread.close();
  expect(outcome.status).toBe('completed');
  await s.mock.close();
  return s.mock.requests[0]?.body as { input: Array<Record<string, unknown>>; instructions?: string };
}

describe('a rollout written by Codex 0.169', () => {
  it('resumes under codex-0.169 with the recorded next request, re-injecting nothing', async () => {
    const s = await setup();
    const body = await resumeAndRun(s, 'codex-0.169', CODEX_0169_PACK_DIR);
    const expected = JSON.parse(s.concrete(JSON.stringify(recordedBody('resume', 2)))) as { input: Array<Record<string, unknown>> };
    expect(body.input).toHaveLength(expected.input.length);
    // The stored items go out exactly as Codex sends them; the base instructions and the new prompt
    // carry ids of weft's making (Codex's base-instructions id is not in the rollout).
    expect(body.input.slice(1, -1)).toEqual(expected.input.slice(1, -1));
    expect({ ...body.input[0], id: 'B' }).toEqual({ ...expected.input[0], id: 'B' });
    expect({ ...body.input.at(-1), id: 'P' }).toEqual({ ...expected.input.at(-1), id: 'P' });
    expect(body).not.toHaveProperty('instructions');
  });

  it('resumes under codex-0.98: its instructions, the history as 0.98 reads it, a fresh context', async () => {
    const s = await setup();
    const body = await resumeAndRun(s, 'codex-0.98', CODEX_PACK_DIR);
    const meta = JSON.parse(s.concrete((await readFile(`${CODEX_0169_DIR}scenarios/resume/rollouts/1.jsonl`, 'utf8')).split('\n')[0] as string)) as {
      payload: { base_instructions: { text: string } };
    };
    expect(body.instructions).toBe(meta.payload.base_instructions.text);
    const json = JSON.stringify(body.input);
    expect(json).not.toContain('internal_chat_message_metadata_passthrough');
    expect(json).not.toContain('"status"');
    expect(body.input).toContainEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'First prompt.' }] });
    expect(body.input).toContainEqual({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'First answer from mock.' }] });
    expect(body.input.at(-1)).toEqual({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Second prompt.' }] });
  });
});
