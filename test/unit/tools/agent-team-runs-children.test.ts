// spawn_agent under gpt-5.6-sol (codex-0.169): the child is a thread of its own with its own
// rollout, given its task as Codex's NEW_TASK agent_message; it runs beside its parent, and its final
// answer comes back to the parent as a FINAL_ANSWER agent_message, after which wait_agent and
// list_agents see it completed. At most 4 agents, the root included, are active at once.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { collaborationCallReply, startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Body = { input: Record<string, unknown>[] };

/** The agent a request comes from: the recipient of the newest agent_message sent to a child, else the root. */
function agentOf(body: Body): string {
  const toChild = body.input.filter((i) => i.type === 'agent_message' && i.recipient !== '/root');
  return (toChild.at(-1)?.recipient as string | undefined) ?? '/root';
}

async function open(respond: (body: Body) => MockReply | Promise<MockReply>): Promise<Weft> {
  mock = await startMockResponsesServer({ respond: (req) => respond(req.body as Body) });
  const home = await tempDir('weft-agents-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  return Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
}

function outputOf(history: readonly ResponseItem[], callId: string): unknown {
  for (const i of history) if (i.type === 'function_call_output' && i.call_id === callId) return i.output;
  return undefined;
}

describe('agent team', () => {
  it('a spawned child runs its task in a thread of its own and its final answer reaches the parent', async () => {
    const parent = [
      collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'none' }, 'c1'),
      collaborationCallReply('wait_agent', { timeout_ms: 10000 }, 'c2'),
      collaborationCallReply('list_agents', {}, 'c3'),
      textReply('all done'),
    ];
    let n = 0;
    const weft = await open((body) => (agentOf(body) === '/root/alpha' ? textReply('one two three') : (parent[n++] ?? textReply('extra'))));
    const thread = await weft.startThread();
    await thread.run('delegate');
    const history = thread.history;
    expect(outputOf(history, 'c1')).toBe('{"task_name":"/root/alpha"}');
    expect(JSON.parse(outputOf(history, 'c2') as string)).toEqual({ message: weftToolTexts.agents.waitCompleted(), timed_out: false });
    expect(JSON.parse(outputOf(history, 'c3') as string)).toEqual({
      agents: [
        { agent_name: '/root', agent_status: 'running' },
        { agent_name: '/root/alpha', agent_status: { completed: 'one two three' } },
      ],
    });
    const answer = history.find((i) => i.type === 'agent_message');
    expect(answer).toMatchObject({
      author: '/root/alpha',
      recipient: '/root',
      content: [{ type: 'input_text', text: `${weftToolTexts.agents.envelope('FINAL_ANSWER', '/root', '/root/alpha')}one two three` }],
    });
    // The child: its own thread and rollout, its task as the NEW_TASK message.
    const childRequest = mock?.requests.find((r) => agentOf(r.body as Body) === '/root/alpha')?.body as Body;
    expect(childRequest.input.at(-1)).toMatchObject({
      type: 'agent_message',
      author: '/root',
      recipient: '/root/alpha',
      content: [{ type: 'input_text', text: weftToolTexts.agents.envelope('NEW_TASK', '/root/alpha', '/root') }, { type: 'encrypted_content', encrypted_content: 'count to three' }],
    });
    const child = thread.team?.list().find((a) => a.path === '/root/alpha');
    expect(child).toBeDefined();
    expect(thread.team?.list()).toHaveLength(2);
    // Linked to its team as Codex 0.169 links a spawned agent: in its session_meta and its requests.
    const childMeta = mock?.requests.find((r) => agentOf(r.body as Body) === '/root/alpha')?.headers['x-codex-turn-metadata'];
    expect(JSON.parse(String(childMeta))).toMatchObject({ session_id: thread.id, agent_name: '/root/alpha', parent_thread_id: thread.id, subagent_kind: 'thread_spawn' });
    const childThreadId = JSON.parse(String(childMeta)).thread_id as string;
    const childHead = JSON.parse((await readFile(await weft.locate(childThreadId), 'utf8')).split('\n')[0] as string) as { payload: Record<string, unknown> };
    expect(childHead.payload).toMatchObject({
      session_id: thread.id,
      id: childThreadId,
      parent_thread_id: thread.id,
      source: { subagent: { thread_spawn: { parent_thread_id: thread.id, depth: 1, agent_path: '/root/alpha', agent_role: null } } },
      thread_source: 'subagent',
      agent_path: '/root/alpha',
    });
    await thread.close();
    const text = await readFile(thread.rolloutPath, 'utf8');
    expect(text).toContain('"agent_message"');
  });

  it('refuses a spawn beyond the four active agents, the root included', async () => {
    const held: Array<() => void> = [];
    const parent = [
      collaborationCallReply('spawn_agent', { task_name: 'a', message: 'wait', fork_turns: 'none' }, 's1'),
      collaborationCallReply('spawn_agent', { task_name: 'b', message: 'wait', fork_turns: 'none' }, 's2'),
      collaborationCallReply('spawn_agent', { task_name: 'c', message: 'wait', fork_turns: 'none' }, 's3'),
      collaborationCallReply('spawn_agent', { task_name: 'd', message: 'wait', fork_turns: 'none' }, 's4'),
      textReply('enough'),
    ];
    let n = 0;
    const weft = await open((body) =>
      agentOf(body) === '/root' ? (parent[n++] ?? textReply('extra')) : new Promise<MockReply>((resolve) => held.push(() => resolve(textReply('late')))),
    );
    const thread = await weft.startThread();
    await thread.run('delegate');
    expect(outputOf(thread.history, 's3')).toBe('{"task_name":"/root/c"}');
    expect(outputOf(thread.history, 's4')).toBe(weftToolTexts.agents.noSlot(4));
    for (const release of held) release();
    await thread.close();
  });
});
