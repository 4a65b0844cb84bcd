import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ExtensionEvent, ToolResultEvent } from '../../../src/extensions/extension.js';
import { callsReply } from '../../support/extension-replies.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const outputs = (input: Array<Record<string, unknown>>) =>
  Object.fromEntries(input.filter((i) => i.type === 'function_call_output').map((i) => [i.call_id, i.output]));

describe('toolCall and toolResult hooks', () => {
  it('a block makes its reason the error output and the tool never runs; later guards are not asked', async () => {
    harness = await threadHarness((_r, i) =>
      i === 0 ? callsReply([{ name: 'danger', args: { path: '/' }, callId: 'c1' }, { name: 'safe', args: {}, callId: 'c2' }]) : textReply('done'),
    );
    const ran: string[] = [];
    const asked: string[] = [];
    const events: ExtensionEvent['type'][] = [];
    const weft = (await harness.open())
      .registerTool('danger', async () => (ran.push('danger'), { output: 'deleted' }))
      .registerTool('safe', async () => (ran.push('safe'), { output: 'fine' }))
      .use({
        name: 'guard',
        toolCall: (e) => (asked.push(`guard:${e.name}:${JSON.stringify(e.input)}`), e.name === 'danger' ? { block: true, reason: 'not on my watch' } : { block: false }),
        onEvent: (e) => void events.push(e.type),
      })
      .use({ name: 'second', toolCall: (e) => void asked.push(`second:${e.name}`) });
    const thread = await weft.startThread();
    await thread.run('go');
    expect(ran).toEqual(['safe']);
    expect(asked).toEqual(['guard:danger:{"path":"/"}', 'guard:safe:{}', 'second:safe']);
    expect(outputs(harness.input(1))).toEqual({ c1: 'not on my watch', c2: 'fine' });
    expect(events).toEqual(['turnStart', 'toolExecutionStart', 'toolExecutionEnd', 'turnEnd']);
  });

  it('a guard that throws blocks the call', async () => {
    harness = await threadHarness((_r, i) => (i === 0 ? callsReply([{ name: 't', args: {}, callId: 'c1' }]) : textReply('done')));
    const ran: string[] = [];
    const weft = (await harness.open())
      .registerTool('t', async () => (ran.push('t'), { output: 'x' }))
      .use({ name: 'flaky', toolCall: () => { throw new Error('cannot decide'); } });
    await (await weft.startThread()).run('go');
    expect(ran).toEqual([]);
    expect(outputs(harness.input(1))).toEqual({ c1: 'extension `flaky` failed in toolCall: cannot decide' });
  });

  it('toolResult handlers chain: each sees the previous content and error flag; the last word is sent', async () => {
    harness = await threadHarness((_r, i) => (i === 0 ? callsReply([{ name: 't', args: { n: 1 }, callId: 'c1' }]) : textReply('done')));
    const seen: Array<Pick<ToolResultEvent, 'output' | 'isError'>> = [];
    const weft = (await harness.open())
      .registerTool('t', async () => ({ output: 'raw', success: false }))
      .use({ name: 'a', toolResult: (e) => (seen.push({ output: e.output, isError: e.isError }), { output: `${String(e.output)}+a`, isError: false }) })
      .use({ name: 'b', toolResult: (e) => (seen.push({ output: e.output, isError: e.isError }), { output: [{ type: 'input_text', text: `${String(e.output)}+b` }] }) });
    await (await weft.startThread()).run('go');
    expect(seen).toEqual([
      { output: 'raw', isError: true },
      { output: 'raw+a', isError: false },
    ]);
    expect(outputs(harness.input(1))).toEqual({ c1: [{ type: 'input_text', text: 'raw+a+b' }] });
  });
});
