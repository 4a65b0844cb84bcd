import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ExtensionEvent } from '../../../src/extensions/extension.js';
import { callsReply } from '../../support/extension-replies.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

describe('extension events', () => {
  it('turnStart, then start/end around each tool that runs, then turnEnd with the status', async () => {
    harness = await threadHarness((_r, i) =>
      i === 0 ? callsReply([{ name: 'ok', args: {}, callId: 'c1' }, { name: 'bad', args: { x: 1 }, callId: 'c2' }]) : textReply('done'),
    );
    const events: ExtensionEvent[] = [];
    const weft = (await harness.open())
      .registerTool('ok', async () => ({ output: 'fine' }))
      .registerTool('bad', async () => ({ output: 'broke', success: false }))
      .use({ name: 'observer', onEvent: (e) => void events.push(e) });
    await (await weft.startThread()).run('go');
    expect(events.map((e) => e.type)).toEqual(['turnStart', 'toolExecutionStart', 'toolExecutionEnd', 'toolExecutionStart', 'toolExecutionEnd', 'turnEnd']);
    expect(events[0]).toMatchObject({ type: 'turnStart', prompt: 'go' });
    expect(events[3]).toEqual({ type: 'toolExecutionStart', callId: 'c2', name: 'bad', arguments: '{"x":1}' });
    expect(events[4]).toEqual({ type: 'toolExecutionEnd', callId: 'c2', name: 'bad', arguments: '{"x":1}', output: 'broke', isError: true });
    expect(events[5]).toMatchObject({ type: 'turnEnd', status: 'completed' });
  });

  it('a failed turn still ends with turnEnd; a failing observer does not stop the others', async () => {
    harness = await threadHarness(() => ({ status: 400, json: { error: { message: 'bad request', type: 'invalid_request_error' } } }));
    const events: string[] = [];
    const weft = (await harness.open())
      .use({ name: 'noisy', onEvent: () => { throw new Error('observer broke'); } })
      .use({ name: 'observer', onEvent: (e) => void events.push(e.type === 'turnEnd' ? `turnEnd:${e.status}` : e.type) });
    const warnings: string[] = [];
    const outcome = await (await weft.startThread()).run('go', { onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    expect(outcome.status).toBe('failed');
    expect(events).toEqual(['turnStart', 'turnEnd:failed']);
    expect(warnings).toContain('extension `noisy` failed in onEvent(turnEnd): observer broke');
  });
});
