// Codex 0.169 records the end of its own tool calls in its rollout, as it records MCP calls: an
// `item_completed` event between the call (and its usage record) and the output of the call that saw
// the end — `CommandExecution` for a command that exited (for a command left running, before the
// output of the write_stdin call that saw it exit), `FileChange` for a patch written, `ImageView` for
// an image handed over. A command the sandbox refused and a patch that did not apply record none,
// as in the recordings; 0.98 records none at all.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { customToolCallReply, functionCallReply, textReply, type CapturedRequest, type MockReply } from '../../../scripts/mock-responses-server.js';
import { toolTurnItem } from '../../../src/profile/codex-0.169/tool-call-items.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { lineKind, type RolloutLine } from '../../support/rollout-line-kinds.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

type Respond = (req: CapturedRequest, index: number) => MockReply;

async function rolloutOf(compat: string, replies: MockReply[] | Respond, setup?: (cwd: string) => Promise<void>): Promise<RolloutLine[]> {
  const respond: Respond = typeof replies === 'function' ? replies : (_req, i) => replies[i] ?? textReply('done');
  harness = await threadHarness(respond, `compat = "${compat}"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n`);
  await setup?.(harness.cwd);
  const weft = await harness.open();
  const thread = await weft.startThread();
  const outcome = await thread.run('use the tools');
  expect(outcome.status).toBe('completed');
  const text = await readFile(thread.rolloutPath, 'utf8');
  await thread.close();
  return text.trim().split('\n').map((l) => JSON.parse(l) as RolloutLine);
}

/** The kinds from the first call of `callType` to the token count after its output. */
function around(lines: RolloutLine[], callType: string, outputType: string): string[] {
  const kinds = lines.map(lineKind);
  const call = kinds.indexOf(`response_item/${callType}`);
  const output = kinds.indexOf(`response_item/${outputType}`);
  expect(call).toBeGreaterThan(-1);
  return kinds.slice(call, output + 2);
}

const itemOf = (lines: RolloutLine[], type: string): Record<string, unknown> =>
  (lines.find((l) => lineKind(l) === `event_msg/item_completed:${type}`)?.payload['item'] ?? {}) as Record<string, unknown>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('tool calls in a 0.169 rollout', () => {
  it('a command that exits: a CommandExecution item before its output', async () => {
    const lines = await rolloutOf('codex-0.169', [functionCallReply('exec_command', { cmd: 'echo hi' }, 'call_1')]);
    expect(around(lines, 'function_call', 'function_call_output')).toEqual([
      'response_item/function_call',
      'token_usage_record/undefined',
      'event_msg/item_completed:CommandExecution',
      'response_item/function_call_output',
      'event_msg/token_count',
    ]);
    const item = itemOf(lines, 'CommandExecution');
    expect(Object.keys(item)).toEqual(['type', 'id', 'process_id', 'command', 'cwd', 'parsed_cmd', 'source', 'status', 'aggregated_output', 'exit_code', 'duration']);
    expect(item).toMatchObject({
      id: 'call_1',
      command: ['/bin/bash', '-lc', 'echo hi'],
      cwd: pathToFileURL(harness?.cwd ?? '').href,
      parsed_cmd: [{ type: 'unknown', cmd: 'echo hi' }],
      source: 'unified_exec_startup',
      status: 'completed',
      aggregated_output: 'hi\n',
      exit_code: 0,
    });
    expect(item['process_id']).toMatch(/^\d+$/);
  });

  it('a command left running: its item comes before the output of the write_stdin call that saw it exit', async () => {
    // The session id is random: the second call uses the one the first output reported.
    const lines = await rolloutOf('codex-0.169', (req, i) => {
      if (i === 0) return functionCallReply('exec_command', { cmd: 'read x; echo got $x', tty: true, yield_time_ms: 250 }, 'call_1');
      if (i === 1) {
        const input = (req.body as { input: Array<{ type: string; output?: unknown }> }).input;
        const first = String(input.find((item) => item.type === 'function_call_output')?.output ?? '');
        const session = Number(/session (?:ID )?(\d+)/.exec(first)?.[1]);
        return functionCallReply('write_stdin', { session_id: session, chars: 'hello\n', yield_time_ms: 5000 }, 'call_2');
      }
      return textReply('done');
    });
    const kinds = lines.map(lineKind);
    const outputs = kinds.flatMap((k, i) => (k === 'response_item/function_call_output' ? [i] : []));
    expect(outputs).toHaveLength(2);
    const item = kinds.indexOf('event_msg/item_completed:CommandExecution');
    expect(item).toBeGreaterThan(outputs[0] ?? Infinity);
    expect(kinds[item + 1]).toBe('response_item/function_call_output');
    expect(item + 1).toBe(outputs[1]);
    expect(itemOf(lines, 'CommandExecution')).toMatchObject({ id: 'call_1', status: 'completed', exit_code: 0 });
  });

  it('a patch written: a FileChange item with the change and what the patch printed', async () => {
    const patch = '*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch';
    const lines = await rolloutOf('codex-0.169', [customToolCallReply('apply_patch', patch, 'call_p')]);
    expect(around(lines, 'custom_tool_call', 'custom_tool_call_output')).toEqual([
      'response_item/custom_tool_call',
      'token_usage_record/undefined',
      'event_msg/item_completed:FileChange',
      'response_item/custom_tool_call_output',
      'event_msg/token_count',
    ]);
    const file = path.join(harness?.cwd ?? '', 'hello.txt');
    expect(itemOf(lines, 'FileChange')).toEqual({
      type: 'FileChange',
      id: 'call_p',
      changes: { [file]: { type: 'add', content: 'Hello\n' } },
      status: 'completed',
      stdout: expect.stringContaining('hello.txt'),
      stderr: '',
    });
  });

  it('a patch that does not apply: no item', async () => {
    const patch = '*** Begin Patch\n*** Update File: missing.txt\n@@\n-a\n+b\n*** End Patch';
    const kinds = (await rolloutOf('codex-0.169', [customToolCallReply('apply_patch', patch, 'call_p')])).map(lineKind);
    expect(kinds).toContain('response_item/custom_tool_call_output');
    expect(kinds.filter((k) => k.startsWith('event_msg/item_completed:FileChange'))).toEqual([]);
  });

  it('an image viewed: an ImageView item with its file URI', async () => {
    const lines = await rolloutOf('codex-0.169', [functionCallReply('view_image', { path: 'tiny.png' }, 'call_img')], (cwd) => writeFile(path.join(cwd, 'tiny.png'), PNG));
    expect(around(lines, 'function_call', 'function_call_output')).toContain('event_msg/item_completed:ImageView');
    expect(itemOf(lines, 'ImageView')).toEqual({ type: 'ImageView', id: 'call_img', path: pathToFileURL(path.join(harness?.cwd ?? '', 'tiny.png')).href });
  });

  it('0.98: no item for any of them', async () => {
    const patch = '*** Begin Patch\n*** Add File: hello.txt\n+Hello\n*** End Patch';
    const kinds = (await rolloutOf('codex-0.98', [functionCallReply('shell', { command: ['bash', '-lc', 'echo hi'] }, 'call_1'), customToolCallReply('apply_patch', patch, 'call_p')])).map(lineKind);
    expect(kinds.filter((k) => k.includes('item_completed'))).toEqual([]);
  });
});

describe('the recorded item of a command', () => {
  const end = { type: 'end' as const, callId: 'c', command: "/bin/bash -lc 'touch /x'", argv: ['/bin/bash', '-lc', 'touch /x'], cwd: '/w', aggregatedOutput: 'denied', exitCode: 1, durationMs: 2500.5, timedOut: false, processId: 4242 };
  it('is failed for a non-zero exit', () => {
    expect(toolTurnItem({ kind: 'command', end }, 't')?.item).toMatchObject({ status: 'failed', exit_code: 1, process_id: '4242', duration: { secs: 2, nanos: 500500000 } });
  });
});

describe('the recorded item of a wait for agents', () => {
  it('is a completed CollabAgentToolCall of tool wait, sent by the waiting thread, naming no agent', () => {
    expect(toolTurnItem({ kind: 'agent_wait', callId: 'call_w', durationMs: 12 }, 'thread-1')).toEqual({
      item: { type: 'CollabAgentToolCall', id: 'call_w', tool: 'wait', status: 'completed', sender_thread_id: 'thread-1', receiver_thread_ids: [], receiver_agents: [], agents_states: {} },
      durationMs: 12,
    });
  });
});
