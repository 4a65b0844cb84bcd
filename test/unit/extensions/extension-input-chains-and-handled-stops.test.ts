import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { Extension } from '../../../src/extensions/extension.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const lastInputText = (h: ThreadHarness, i: number): string => itemText(h.input(i).at(-1));

describe('input hook', () => {
  it('chains transforms in registration order: each handler sees the previous text', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const seen: string[] = [];
    const upper: Extension = { name: 'upper', input: (e) => (seen.push(`upper:${e.text}`), { action: 'transform', text: e.text.toUpperCase() }) };
    const suffix: Extension = { name: 'suffix', input: (e) => (seen.push(`suffix:${e.text}`), { action: 'transform', text: `${e.text}!` }) };
    const pass: Extension = { name: 'pass', input: (e) => (seen.push(`pass:${e.text}`), { action: 'continue' }) };
    const weft = (await harness.open()).use(upper).use(suffix).use(pass);
    const thread = await weft.startThread();
    const outcome = await thread.run('hello');
    expect(outcome.status).toBe('completed');
    expect(seen).toEqual(['upper:hello', 'suffix:HELLO', 'pass:HELLO!']);
    expect(lastInputText(harness, 0)).toBe('HELLO!');
    const rollout = await readFile(thread.rolloutPath, 'utf8');
    // The recorded user item holds the transformed text (every generation records the prompt so).
    expect(rollout).toContain('"text":"HELLO!"');
    expect(rollout).not.toContain('"text":"hello"');
  });

  it('stops at the first handled: later handlers never run, nothing is recorded, no request is made', async () => {
    harness = await threadHarness(() => textReply('never'));
    const later: string[] = [];
    const weft = (await harness.open())
      .use({ name: 'swallow', input: (e) => (e.text.startsWith('!') ? { action: 'handled', reply: `did ${e.text}` } : undefined) })
      .use({ name: 'later', input: (e) => void later.push(e.text) });
    const thread = await weft.startThread();
    const outcome = await thread.run('!local');
    expect(outcome).toMatchObject({ status: 'completed', lastMessage: 'did !local' });
    expect(later).toEqual([]);
    expect(harness.mock.requests).toHaveLength(0);
    await thread.close();
    const lines = (await readFile(thread.rolloutPath, 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['session_meta']);
  });

  it('a handler that throws is reported as a warning and the chain goes on unchanged', async () => {
    harness = await threadHarness(() => textReply('ok'));
    const weft = (await harness.open())
      .use({ name: 'broken', input: () => { throw new Error('boom'); } })
      .use({ name: 'suffix', input: (e) => ({ action: 'transform', text: `${e.text}?` }) });
    const thread = await weft.startThread();
    const warnings: string[] = [];
    await thread.run('why', { onEvent: (e) => e.type === 'warning' && warnings.push(e.message) });
    expect(warnings).toEqual(['extension `broken` failed in input: boom']);
    expect(lastInputText(harness, 0)).toBe('why?');
  });
});
