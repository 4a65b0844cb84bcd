// The input counter Codex 0.169 writes as `user_input_order` lives in the rollout: a thread reopened in
// another process continues it past every order recorded (items, a retained answer, a compaction's
// `next_order`); an agent forked from its parent with the parent's history (`fork_turns: "all"`)
// starts its own count (the parent's orders are the parent's: Codex 0.169's child counts from 0 under
// multi-agent v2, as the real binary shows), a plain fork continues the parent's.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { startingInputOrder, threadRecordsState } from '../../../src/profile/codex-0.169/thread-records.js';
import { readRollout, type RolloutRecord } from '../../../src/rollout/format/reader.js';
import { collaborationCallReply, agentOf, functionCallReply, respondByAgent, startMockResponsesServer, textReply, type CapturedRequest, type MockServer } from '../../../src/testing/index.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Line = { type: string; payload: Record<string, unknown> & { type?: string; role?: string }; metadata?: Record<string, unknown> };
const linesOf = async (file: string): Promise<Line[]> =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
/** Each counted item as `kind:order`. */
const orders = (lines: readonly Line[]): string[] =>
  lines.filter((l) => l.metadata?.user_input_order !== undefined).map((l) => `${l.payload.role ?? l.payload.type ?? ''}:${String(l.metadata?.user_input_order)}`);

async function openWeft(home: string): Promise<Weft> {
  return Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home, source: 'vscode' });
}

async function homeFor(server: MockServer): Promise<string> {
  const home = await tempDir('weft-input-order-');
  await writeFile(path.join(home, 'config.toml'), `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\n[model_providers.mock]\nbase_url = "${server.url}"\n`);
  return home;
}

describe('the codex-0.169 input counter across processes and forks', () => {
  it('a thread resumed by another process continues its count', async () => {
    mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': [functionCallReply('update_plan', { plan: [] }, 'c1'), textReply('one'), textReply('two')] }, () => textReply('extra')) });
    const home = await homeFor(mock);
    const first = await openWeft(home);
    const thread = await first.startThread();
    await thread.run('first');
    await thread.close();

    const second = await openWeft(home);
    const resumed = await second.resumeThread(thread.id);
    await resumed.run('second');
    await resumed.close();
    expect(orders(await linesOf(await second.locate(thread.id)))).toEqual(['user:0', 'function_call:1', 'assistant:2', 'user:3', 'assistant:4']);
  }, 60_000);

  it('an agent forked with its parent’s history counts from 0; a plain fork continues the parent’s count', async () => {
    const root = [collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'count to three', fork_turns: 'all' }, 'c1'), collaborationCallReply('wait_agent', { timeout_ms: 10000 }, 'c2'), textReply('all done'), textReply('forked')];
    mock = await startMockResponsesServer({ respond: respondByAgent({ '/root': root, '/root/alpha': [textReply('one two three')] }, () => textReply('extra')) });
    const home = await homeFor(mock);
    const weft = await openWeft(home);
    const thread = await weft.startThread();
    await thread.run('delegate');
    await thread.close();

    const childReq = mock.requests.find((r) => agentOf(r).agent === '/root/alpha') as CapturedRequest;
    const child = await linesOf(await weft.locate(agentOf(childReq).threadId as string));
    const own = child.filter((l) => l.type === 'response_item' && l.metadata?.user_input_order !== undefined);
    expect(orders(own)).toEqual(['agent_message:0', 'assistant:1']);

    // A fork of the root (not an agent) continues where the root stands: past its answer, 4 orders taken.
    const rootOrders = orders(await linesOf(await weft.locate(thread.id)));
    expect(rootOrders.at(-1)).toBe('assistant:4');
    const fork = await weft.forkThread(thread.id);
    await fork.run('again');
    await fork.close();
    expect(orders(await linesOf(await weft.locate(fork.id))).slice(-2)).toEqual(['user:5', 'assistant:6']);
  }, 60_000);
});

describe('where a reopened codex-0.169 thread’s counter starts', () => {
  let offset = 0;
  const record = (line: Record<string, unknown>): RolloutRecord => ({ line: { timestamp: 't', ...line } as unknown as RolloutRecord['line'], lineNo: 0, offset: offset++, length: 1 });
  const item = (ordinal: number, payload: Record<string, unknown>, order?: number) =>
    record({ ordinal, type: 'response_item', payload, metadata: { history_sequence: ordinal, sampled_through_sequence: 0, client_authored: false, ...(order !== undefined ? { user_input_order: order } : {}) } });
  const user = { type: 'message', role: 'user', content: [] };

  it('past a retained answer and a compaction’s next order as well as the items', () => {
    const state = threadRecordsState([
      record({ ordinal: 0, type: 'session_meta', payload: { id: 'th' } }),
      item(1, user, 0),
      record({ ordinal: 2, type: 'retained_context', payload: { type: 'verified_answer', acceptance_order: 1 } }),
      item(3, { type: 'function_call' }, 2),
    ]);
    expect(startingInputOrder(state.inputOrders, false, 'v2')).toBe(3);
    const compacted = threadRecordsState([record({ ordinal: 0, type: 'compacted', payload: { message: '', retained_context: { next_order: 7 } } })]);
    expect(startingInputOrder(compacted.inputOrders, false, 'v2')).toBe(7);
  });

  it('the reader keeps a retained_context line, without a warning, and the counter continues past its acceptance order', async () => {
    const file = path.join(await tempDir('weft-retained-'), 'rollout.jsonl');
    const lines = [
      { timestamp: 't', ordinal: 0, type: 'session_meta', payload: { id: 'th', timestamp: 't', cwd: '/', originator: 'x', cli_version: '0.169.0', source: 'exec' } },
      { timestamp: 't', ordinal: 1, type: 'response_item', payload: { type: 'function_call', name: 'request_user_input', arguments: '{}', call_id: 'c' }, metadata: { history_sequence: 1, sampled_through_sequence: 0, client_authored: false, user_input_order: 0 } },
      { timestamp: 't', ordinal: 2, type: 'retained_context', payload: { type: 'verified_answer', turn_id: 'tu', call_id: 'c', questions: [{ question: 'Q', answer: 'A' }], acceptance_order: 1 } },
    ];
    await writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const warnings: string[] = [];
    const records = await readRollout(file, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(records.map((r) => r.line.type)).toEqual(['session_meta', 'response_item', 'retained_context']);
    expect(startingInputOrder(threadRecordsState(records).inputOrders, false, 'v2')).toBe(2);
  });

  it('an agent forked from its parent leaves the parent’s orders out (v1: all but its user messages)', () => {
    const state = threadRecordsState([
      record({ ordinal: 5, type: 'session_meta', payload: { id: 'child', forked_from_id: 'parent', forked_from_ordinal_exclusive: 5 } }),
      item(1, user, 0),
      item(2, { type: 'function_call' }, 1),
      item(6, { type: 'agent_message' }, 0),
    ]);
    expect(startingInputOrder(state.inputOrders, true, 'v2')).toBe(1);
    expect(startingInputOrder(state.inputOrders, false, 'v2')).toBe(2);
    const onlyInherited = threadRecordsState([record({ ordinal: 5, type: 'session_meta', payload: { id: 'child', forked_from_id: 'parent', forked_from_ordinal_exclusive: 5 } }), item(1, user, 0), item(2, { type: 'function_call' }, 3)]);
    expect(startingInputOrder(onlyInherited.inputOrders, true, 'v2')).toBe(0);
    expect(startingInputOrder(onlyInherited.inputOrders, true, 'v1')).toBe(1);
  });
});
