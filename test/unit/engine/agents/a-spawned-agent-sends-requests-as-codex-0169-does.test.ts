// What a spawned agent's requests and session_meta carry, as the real Codex 0.169 sends them (found
// by running both on one scripted mock, the child's requests told apart by their thread): the
// team's root as session (`session-id`, `prompt_cache_key`, `session_id`), the parent thread and
// `collab_spawn` as headers and client metadata, the parent's turn as `parent_turn_id` and the
// root's as `root_turn_id`, the sub-agent's own multi-agent message instead of the root's, a
// nickname and the multi-agent version in its session_meta, and the parent's settings (here its
// approval policy) as its own.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../../src/engine/weft.js';
import { AGENT_NICKNAMES } from '../../../../src/engine/agents/agent-nicknames.js';
import { startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../../scripts/mock-responses-server.js';
import { collaborationCallReply, respondByAgent } from '../../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Metadata = Record<string, unknown>;
const metadataOf = (req: CapturedRequest): Metadata => JSON.parse(req.headers['x-codex-turn-metadata'] ?? '{}') as Metadata;
type Body = { prompt_cache_key: string; client_metadata: Record<string, string>; input: { type: string; role?: string; content?: { text?: string }[] }[] };
const developerTexts = (req: CapturedRequest): string[] =>
  (req.body as Body).input.filter((i) => i.type === 'message' && i.role === 'developer').flatMap((i) => (i.content ?? []).map((c) => c.text ?? ''));

it('a spawned agent names its root, parent and kind in its requests, and gets its own message and nickname (codex-0.169)', async () => {
  const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'c1'), collaborationCallReply('wait_agent', { timeout_ms: 10000 }, 'c2'), textReply('all done')];
  // The script answers by agent: the child's requests say which agent they come from.
  mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')] }, () => textReply('extra')) });
  const home = await tempDir('weft-agents-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "read-only"\napproval_policy = "on-request"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const weft = await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
  const thread = await weft.startThread({ overrides: { approvalPolicy: 'never' } });
  await thread.run('delegate');
  await thread.close();

  const rootReq = mock.requests.find((r) => metadataOf(r).agent_name === '/root') as CapturedRequest;
  const childReq = mock.requests.find((r) => metadataOf(r).agent_name === '/root/alpha') as CapturedRequest;
  const rootMeta = metadataOf(rootReq);
  const childMeta = metadataOf(childReq);
  const childThread = childMeta.thread_id as string;
  expect(childThread).not.toBe(thread.id);

  expect(childReq.headers['session-id']).toBe(thread.id);
  expect(childReq.headers['thread-id']).toBe(childThread);
  expect(childReq.headers['x-client-request-id']).toBe(childThread);
  expect(childReq.headers['x-codex-parent-thread-id']).toBe(thread.id);
  expect(childReq.headers['x-openai-subagent']).toBe('collab_spawn');
  expect(rootReq.headers['x-openai-subagent']).toBeUndefined();
  const headerOrder = Object.keys(childReq.headers).filter((h) => h.startsWith('x-codex-') || h.startsWith('x-openai-'));
  // The order the real Codex 0.169 sends (the model's catalog entry asks for responses-lite).
  expect(headerOrder.slice(headerOrder.indexOf('x-codex-turn-metadata'))).toEqual([
    'x-codex-turn-metadata',
    'x-codex-parent-thread-id',
    'x-openai-subagent',
    'x-openai-internal-codex-responses-lite',
  ]);

  const body = childReq.body as Body;
  expect(body.prompt_cache_key).toBe(thread.id);
  expect(body.client_metadata).toMatchObject({ session_id: thread.id, thread_id: childThread, 'x-codex-parent-thread-id': thread.id, 'x-openai-subagent': 'collab_spawn', parent_turn_id: rootMeta.turn_id, root_turn_id: rootMeta.turn_id });
  const keys = Object.keys(childMeta);
  expect(keys.slice(keys.indexOf('parent_thread_id'), keys.indexOf('subagent_kind') + 1)).toEqual(['parent_thread_id', 'parent_turn_id', 'root_turn_id', 'subagent_kind']);
  expect(childMeta).toMatchObject({ session_id: thread.id, parent_thread_id: thread.id, parent_turn_id: rootMeta.turn_id, root_turn_id: rootMeta.turn_id });
  expect(childMeta.turn_id).not.toBe(rootMeta.turn_id);

  // The root's multi-agent message goes to the root only; the child gets the sub-agent's.
  const rootTexts = developerTexts(rootReq);
  const childTexts = developerTexts(childReq);
  const rootOnly = rootTexts.find((t) => t.startsWith('You are `/root`'));
  expect(rootOnly).toBeDefined();
  expect(childTexts).not.toContain(rootOnly);
  expect(childTexts.some((t) => t.includes('one of the agents of a team'))).toBe(true);
  // The parent's approval policy (a thread override) is the child's too.
  expect(childTexts.find((t) => t.startsWith('<permissions instructions>'))).toBe(rootTexts.find((t) => t.startsWith('<permissions instructions>')));

  const first = JSON.parse((await readFile(await weft.locate(childThread), 'utf8')).split('\n')[0] as string) as { payload: Record<string, unknown> };
  const meta = first.payload;
  expect(AGENT_NICKNAMES).toContain(meta.agent_nickname);
  expect(meta.source).toEqual({ subagent: { thread_spawn: { parent_thread_id: thread.id, depth: 1, agent_path: '/root/alpha', agent_nickname: meta.agent_nickname, agent_role: null } } });
  const order = Object.keys(meta);
  expect(order.slice(order.indexOf('thread_source'), order.indexOf('agent_path') + 1)).toEqual(['thread_source', 'agent_nickname', 'agent_path']);
  expect(meta.multi_agent_version).toBe('v2');
}, 60_000);
