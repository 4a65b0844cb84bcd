// A turn stopped under codex-0.169, as the real Codex 0.169 records it (the contact session of
// test/conformance/cross-team-requests-codex-0.169, and appserver-0.169 d): the `<turn_aborted>`
// marker is a developer message on a thread running multi-agent v2 (gpt-5.6-sol) and a user message
// otherwise, each the pack's text under the kind `generic.turn_aborted`; a turn stopped while its
// answer streams first writes where the token counts stand (null before any usage), one stopped
// while a tool runs does not; `turn_aborted` names the turn, its root and its times; the thread
// resumes from those lines.
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply, type MockReply } from '../../../scripts/mock-responses-server.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

type Line = { type: string; payload: Record<string, unknown> };
const never = new Promise<void>(() => undefined);

/** One turn of `model` answered by `reply`, stopped when `stopAt` sees its event; the turn's lines from its task_started on. */
async function stoppedTurn(model: string, reply: MockReply, stopAt: (e: ThreadEvent) => boolean): Promise<Line[]> {
  harness = await threadHarness(() => reply, `compat = "codex-0.169"\nmodel = "${model}"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n`);
  const weft = await harness.open();
  const thread = await weft.startThread();
  const controller = new AbortController();
  const outcome = await thread.run('go', { signal: controller.signal, onEvent: (e) => stopAt(e) && controller.abort() });
  expect(outcome.status).toBe('interrupted');
  await thread.close();
  // The thread resumes from those lines: its history ends with the marker, no line was refused.
  const resumed = await weft.resumeThread(thread.id);
  expect(weft.takeWarnings(resumed)).toEqual([]);
  expect(JSON.stringify(resumed.history.at(-1))).toContain('<turn_aborted>');
  await resumed.close();
  const lines = (await readFile(thread.rolloutPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Line);
  return lines.slice(lines.findIndex((l) => l.payload.type === 'task_started'));
}

const template = (file: string): Promise<string> => readFile(new URL(`../../../templates/${file}`, import.meta.url), 'utf8');
const streaming = { ...textReply('one'), pause: { after: 3, until: never } };
const isCount = (l: Line): boolean => l.type === 'event_msg' && l.payload.type === 'token_count';

describe('a stopped turn in a 0.169 rollout', () => {
  it('on a multi-agent v2 thread: the token counts, a developer marker, then turn_aborted with its turn and times', async () => {
    const lines = await stoppedTurn('gpt-5.6-sol', streaming, (e) => e.type === 'rate_limits');
    const turnId = lines[0]?.payload.turn_id;
    const end = lines.slice(-3);
    expect(end[0]).toMatchObject({ type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: { limit_id: 'codex' } } });
    expect(end[1]).toMatchObject({
      type: 'response_item',
      payload: {
        type: 'message',
        role: 'developer',
        content: [{ type: 'input_text', text: await template('turn_aborted_developer.md') }],
        internal_chat_message_metadata_passthrough: { content_item_kinds: ['generic.turn_aborted'], content_item_metadata: [{ provenance: { type: 'harness', hook: false } }] },
      },
    });
    expect(end[2]?.payload).toEqual({
      type: 'turn_aborted',
      root_turn_id: turnId,
      turn_id: turnId,
      reason: 'interrupted',
      started_at: expect.any(Number),
      completed_at: expect.any(Number),
      duration_ms: expect.any(Number),
    });
  });

  it('on any other thread: the marker is the user message of earlier generations', async () => {
    const lines = await stoppedTurn('gpt-5.5', streaming, (e) => e.type === 'rate_limits');
    expect(lines.at(-2)).toMatchObject({ payload: { role: 'user', content: [{ text: await template('turn_aborted.md') }], internal_chat_message_metadata_passthrough: { content_item_kinds: ['generic.turn_aborted'] } } });
  });

  it('stopped while a tool runs (its answer counted): no second token count', async () => {
    const lines = await stoppedTurn('gpt-5.5', functionCallReply('exec_command', { cmd: 'sleep 30' }, 'call_1'), (e) => e.type === 'command_started');
    expect(lines.filter(isCount)).toHaveLength(1);
    expect(lines.filter(isCount)[0]?.payload.info).not.toBeNull();
    expect(lines.at(-1)?.payload.type).toBe('turn_aborted');
  });
});
