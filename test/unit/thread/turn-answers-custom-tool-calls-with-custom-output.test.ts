import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { customToolCallReply, textReply } from '../../../scripts/mock-responses-server.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

describe('a freeform (custom) tool call in a turn', () => {
  it('runs apply_patch, answers with custom_tool_call_output and samples again', async () => {
    const patch = '*** Begin Patch\n*** Update File: notes.txt\n@@\n-draft\n+final\n*** End Patch';
    h = await threadHarness((_req, i) => (i === 0 ? customToolCallReply('apply_patch', patch, 'call_p') : textReply('done')), 'sandbox_mode = "workspace-write"\napproval_policy = "never"\n');
    await writeFile(path.join(h.cwd, 'notes.txt'), 'draft\n');
    const weft = await h.open();
    const thread = await weft.startThread();
    const outcome = await thread.run('Finish the notes.');
    await thread.close();
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'done' });
    expect(await readFile(path.join(h.cwd, 'notes.txt'), 'utf8')).toBe('final\n');
    expect(h.mock.requests).toHaveLength(2);
    const answer = h.input(1).at(-1);
    expect(answer).toMatchObject({ type: 'custom_tool_call_output', call_id: 'call_p' });
    expect(answer?.output).toMatch(/^Patch applied \(exit 0, [0-9.]+ s\)\.\nFiles changed:\nM notes\.txt\n$/);
  });

  it('answers a custom tool nobody runs with a custom_tool_call_output naming it', async () => {
    h = await threadHarness((_req, i) => (i === 0 ? customToolCallReply('mystery', 'raw input', 'call_m') : textReply('ok')));
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('Go.');
    await thread.close();
    const answer = h.input(1).at(-1);
    expect(answer).toMatchObject({ type: 'custom_tool_call_output', call_id: 'call_m' });
    expect(answer?.output).toContain('mystery');
  });
});
