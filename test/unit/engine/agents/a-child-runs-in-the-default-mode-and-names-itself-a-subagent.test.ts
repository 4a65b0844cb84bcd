// Outside exec (the app-server, an editor), a child agent of Codex 0.169 names `thread_source:
// "subagent"` in its turn metadata (a root turn names no source there), and runs in the default
// collaboration mode whatever mode its parent's turn is in: no mode instructions in its developer
// message, `default` in its turn_context. Found by comparing the real binary's requests with weft's
// request by request (test/conformance/cross-team-requests-codex-0.169.test.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../../src/engine/weft.js';
import { collaborationCallReply, agentOf, respondByAgent, startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

const metadataOf = (req: CapturedRequest): Record<string, unknown> => JSON.parse(req.headers['x-codex-turn-metadata'] ?? '{}') as Record<string, unknown>;
const developerTexts = (req: CapturedRequest): string[] =>
  (req.body as { input: { type: string; role?: string; content?: { text?: string }[] }[] }).input.filter((i) => i.type === 'message' && i.role === 'developer').flatMap((i) => (i.content ?? []).map((c) => c.text ?? ''));

it('a child of a plan-mode turn runs in the default mode and says it is a sub-agent (codex-0.169, outside exec)', async () => {
  const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'c1'), collaborationCallReply('wait_agent', { timeout_ms: 10000 }, 'c2'), textReply('all done')];
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')] }, () => textReply('extra')) });
  const home = await tempDir('weft-agents-mode-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
  const plan = { mode: 'plan' as const, settings: { model: 'gpt-5.6-sol', reasoning_effort: 'medium' as const, developer_instructions: 'Plan first, then stop.' } };
  const thread = await weft.startThread({ overrides: { collaborationMode: plan } });
  await thread.run('delegate');
  await thread.close();

  const rootReq = mock.requests.find((r) => agentOf(r).agent === '/root') as CapturedRequest;
  const childReq = mock.requests.find((r) => agentOf(r).agent === '/root/alpha') as CapturedRequest;
  expect(metadataOf(rootReq)).not.toHaveProperty('thread_source');
  const childMeta = metadataOf(childReq);
  expect(childMeta.thread_source).toBe('subagent');
  const keys = Object.keys(childMeta);
  expect(keys[keys.indexOf('subagent_kind') + 1]).toBe('thread_source');
  expect(childMeta).not.toHaveProperty('turn_trigger');

  expect(developerTexts(rootReq).some((t) => t.includes('Plan first, then stop.'))).toBe(true);
  expect(developerTexts(childReq).some((t) => t.includes('<collaboration_mode>'))).toBe(false);
  const childThread = childMeta.thread_id as string;
  const contexts = (await readFile(await weft.locate(childThread), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; payload: { collaboration_mode?: { mode: string; settings: { developer_instructions: unknown } } } })
    .filter((l) => l.type === 'turn_context');
  expect(contexts.map((c) => c.payload.collaboration_mode?.mode)).toEqual(['default']);
  expect(contexts[0]?.payload.collaboration_mode?.settings.developer_instructions).toBeNull();
}, 60_000);
