import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { parseCommandInput } from '../../../src/extensions/run-commands.js';
import { ExtensionRegistry } from '../../../src/extensions/registry.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

describe('extension commands', () => {
  it('runs the handler with its arguments; no input handler, no record, no request', async () => {
    harness = await threadHarness(() => textReply('never'));
    const calls: string[] = [];
    const inputs: string[] = [];
    const weft = (await harness.open()).use({
      name: 'stats',
      commands: { stats: { description: 'show stats', run: (args) => (calls.push(args), { reply: `stats for ${args}` }) } },
      input: (e) => void inputs.push(e.text),
    });
    const thread = await weft.startThread();
    const outcome = await thread.run('/stats  last week ');
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'stats for last week' });
    expect(calls).toEqual(['last week']);
    expect(inputs).toEqual([]);
    expect(harness.mock.requests).toHaveLength(0);
    await thread.close();
    expect((await readFile(thread.rolloutPath, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('an unregistered /name is ordinary text and reaches the model', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const weft = (await harness.open()).use({ name: 'stats', commands: { stats: { run: () => undefined } } });
    const thread = await weft.startThread();
    await thread.run('/other thing');
    expect(itemText(harness.input(0).at(-1))).toBe('/other thing');
  });

  it('a failing command still consumes the input and is reported', async () => {
    harness = await threadHarness(() => textReply('never'));
    const weft = (await harness.open()).use({ name: 'x', commands: { boom: { run: () => { throw new Error('bad'); } } } });
    const thread = await weft.startThread();
    const warnings: string[] = [];
    const outcome = await thread.run('/boom', { onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    expect(outcome.status).toBe('completed');
    expect(warnings).toEqual(['extension `x` failed in command /boom: bad']);
    expect(harness.mock.requests).toHaveLength(0);
  });

  it('parses `/name args` and refuses a second owner of a command', () => {
    expect(parseCommandInput('/deploy now please')).toEqual({ name: 'deploy', args: 'now please' });
    expect(parseCommandInput('/deploy')).toEqual({ name: 'deploy', args: '' });
    expect(parseCommandInput('not /deploy')).toBeUndefined();
    expect(parseCommandInput('/ spaced')).toBeUndefined();
    const registry = new ExtensionRegistry([{ name: 'a', commands: { go: { run: () => undefined } } }]);
    expect(() => registry.use({ name: 'b', commands: { go: { run: () => undefined } } })).toThrow('command /go is already registered by `a`');
    expect(() => registry.use({ name: 'a' })).toThrow('an extension named `a` is already registered');
  });
});
