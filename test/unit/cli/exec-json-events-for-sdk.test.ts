// `weft exec --json`: the event stream the SDK parses — commands as item.started/item.completed,
// a failed turn as an `error` event then `turn.failed` — and `--image` attached as input_image
// parts before the prompt.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import { functionCallReply, startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function exec(args: string[], mockUrl: string) {
  const ws = await appServerWorkspace(mockUrl);
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['exec', '--json', '--skip-git-repo-check', ...(ws.options.runtime?.packDir ? ['--pack', ws.options.runtime.packDir] : []), ...args], {
    env: ws.options.env,
    cwd: ws.cwd,
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    isTty: false,
  });
  return { code, events: out.map((l) => JSON.parse(l) as Record<string, unknown>), err, ws };
}

test('a command the model runs is reported as item.started then item.completed with its output', async () => {
  const mock = await startMockResponsesServer({
    replies: [functionCallReply('exec_command', { cmd: 'echo hi' }, 'call_1'), textReply('done')],
  });
  try {
    const { code, events } = await exec(['run echo'], mock.url);
    expect(code).toBe(0);
    expect(events.map((e) => `${String(e.type)}${e.item ? `:${(e.item as { type: string }).type}` : ''}`)).toEqual([
      'thread.started',
      'turn.started',
      'item.started:command_execution',
      'item.completed:command_execution',
      'item.completed:agent_message',
      'turn.completed',
    ]);
    expect(events[3]?.item).toMatchObject({ id: 'item_0', aggregated_output: 'hi\n', exit_code: 0, status: 'completed' });
    expect(events[2]?.item).toMatchObject({ id: 'item_0', aggregated_output: '', exit_code: null, status: 'in_progress' });
  } finally {
    await mock.close();
  }
});

test('a failed turn gives an error event then turn.failed, and exit code 1', async () => {
  const mock = await startMockResponsesServer({ replies: [{ status: 400, json: { error: { message: 'bad body', type: 'invalid_request_error' } } }] });
  try {
    const { code, events } = await exec(['hi'], mock.url);
    expect(code).toBe(1);
    const tail = events.slice(-2);
    expect(tail.map((e) => e.type)).toEqual(['error', 'turn.failed']);
    expect((tail[1]?.error as { message: string }).message).toBe(tail[0]?.message);
    expect(tail[0]?.message).toMatch(/400/);
  } finally {
    await mock.close();
  }
});

test('--image files are sent as input_image data URLs before the prompt text', async () => {
  const mock = await startMockResponsesServer({});
  try {
    const ws = await appServerWorkspace(mock.url);
    const png = join(ws.cwd, 'shot.png');
    await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const { code } = await exec(['--image', png, 'what is this'], mock.url);
    expect(code).toBe(0);
    const input = (mock.requests[0]?.body as { input: Array<{ role?: string; content?: unknown[] }> }).input;
    expect(input.at(-1)?.content).toEqual([
      { type: 'input_image', image_url: `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64')}` },
      { type: 'input_text', text: 'what is this' },
    ]);
    const missing = await exec(['--image', join(ws.cwd, 'nope.png'), 'x'], mock.url);
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toMatch(/nope\.png cannot be read/);
  } finally {
    await mock.close();
  }
});

test('engine bookkeeping events (user message, token counts) add nothing to the exec stream', () => {
  const m = new ExecEventMapper();
  expect(m.map({ type: 'user_message', text: 'x', images: [] })).toEqual([]);
  expect(m.map({ type: 'token_count', info: null })).toEqual([]);
});
