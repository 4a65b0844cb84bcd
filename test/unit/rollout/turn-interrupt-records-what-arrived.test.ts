import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  await removeTempDirs();
});

describe('interrupting a turn', () => {
  it('keeps what was received, ends the turn as interrupted, and the next turn repairs the open call', async () => {
    h = await threadHarness((_req, i) =>
      i === 0 ? functionCallReply('exec_command', { cmd: 'sleep 30' }, 'call_1') : textReply('after the interruption'),
      'sandbox_mode = "danger-full-access"\napproval_policy = "never"',
    );
    const weft = await h.open();
    const thread = await weft.startThread();
    const controller = new AbortController();
    const outcome = await thread.run('start something long', {
      signal: controller.signal,
      // Interrupt as soon as the command starts: the model's call has been received by then.
      onEvent: (e) => e.type === 'command_started' && controller.abort(),
    });
    expect(outcome.status).toBe('interrupted');

    const next = await thread.run('go on');
    await thread.close();
    expect(next).toMatchObject({ status: 'completed', lastMessage: 'after the interruption' });
    const input = h.input(1);
    const callIndex = input.findIndex((i) => i.type === 'function_call');
    expect(callIndex).toBeGreaterThan(-1);
    // Every call reaches the wire with an output, right after it.
    expect(input[callIndex + 1]).toMatchObject({ type: 'function_call_output', call_id: 'call_1' });
    // The interruption marker (the pack's turn_aborted text) precedes the next user message.
    expect(itemText(input.at(-2))).toContain('turn_aborted');

    const types = (await readRollout(thread.rolloutPath)).map((r) => (r.line.payload as { type?: string }).type);
    expect(types).toContain('turn_aborted');
  });
});
