// Thousands of hostile JSON-RPC requests (a fixed seed, so a failure replays): every method of
// Codex 0.169's protocol and names of Object.prototype's members, with params of every wrong
// shape — wrong types, prototype keys, deep nesting, huge numbers and strings. Each request is
// answered, none with -32603 (an internal error is a bug: a malformed request gets -32600/-32602
// naming what is wrong, as Codex answers it), and the server goes on serving.
import { afterEach, describe, expect, test } from 'vitest';
import { CLIENT_REQUEST_METHODS_0169 } from '../../protocol/app-server/v0169/method-names.js';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { startAppServerMock } from '../support/appserver-mock.js';
import { appServerWorkspace, appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';

afterEach(removeTempDirs);

const LINES = 3000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', 'prototype', '__defineGetter__'];
const FIELDS = ['threadId', 'turnId', 'input', 'cwd', 'cwds', 'keyPath', 'value', 'mergeStrategy', 'edits', 'limit', 'cursor', 'name', 'model', 'items', 'server', 'tool', 'arguments', 'uri', 'path', 'filePath', 'expectedVersion', 'sortKey', 'archived', 'approvalPolicy', 'sandbox', 'config', 'effort', 'text', 'type', 'url', 'includeTurns', 'experimentalApi', ...PROTO_NAMES];

function hostileValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 16);
  switch (pick) {
    case 0: return null;
    case 1: return rand() < 0.5;
    case 2: return [0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, 4294967296][Math.floor(rand() * 8)];
    case 3: return ['', ' ', '..', '/', '/etc/passwd', 'not-a-thread', '00000000-0000-0000-0000-000000000000', '\u0000', '\ud800', 'x'.repeat(5000), '%s%n', '${HOME}'][Math.floor(rand() * 12)];
    case 4: return [];
    case 5: return {};
    case 6: {
      let deep: unknown = 'bottom';
      for (let i = 0; i < 200; i++) deep = rand() < 0.5 ? [deep] : { a: deep };
      return deep;
    }
    case 7: return JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
    default: {
      if (depth > 3) return 'leaf';
      if (rand() < 0.3) return Array.from({ length: Math.floor(rand() * 4) }, () => hostileValue(rand, depth + 1));
      const out: Record<string, unknown> = {};
      const n = 1 + Math.floor(rand() * 4);
      for (let i = 0; i < n; i++) out[FIELDS[Math.floor(rand() * FIELDS.length)] as string] = hostileValue(rand, depth + 1);
      return out;
    }
  }
}

function hostileLines(seed: number, count: number): Array<{ id: number; line: string }> {
  const rand = prng(seed);
  const methods = [...CLIENT_REQUEST_METHODS_0169.filter((m) => m !== 'initialize'), ...PROTO_NAMES];
  const out: Array<{ id: number; line: string }> = [];
  for (let i = 0; i < count; i++) {
    const id = 100_000 + i;
    const method = methods[Math.floor(rand() * methods.length)] as string;
    const params = hostileValue(rand);
    // Raw text, so `__proto__` stays an own key on the wire.
    const paramsText = rand() < 0.1 ? '' : `,"params":${JSON.stringify(params)}`;
    out.push({ id, line: `{"id":${id},"method":${JSON.stringify(method)}${paramsText}}` });
  }
  return out;
}

describe.each([
  ['codex-0.169', appServerWorkspace0169],
  ['codex-0.98', appServerWorkspace],
] as const)('%s app-server', (_name, workspace) => {
  test(`${LINES} hostile requests: each answered, none -32603, the server still serves`, async () => {
    const mock = await startAppServerMock();
    const ws = await workspace(mock.url);
    const logged: string[] = [];
    const client = new InProcessClient({ ...ws.options, log: (m) => logged.push(m) }, () => ({ error: { code: -1, message: 'no' } }));
    try {
      await client.initialize();
      const lines = hostileLines(0x5eed, LINES);
      for (const { line } of lines) client.send(line);
      const wanted = new Set(lines.map((l) => l.id));
      await client.untilAll((all) => all.filter((m) => typeof m.id === 'number' && wanted.has(m.id) && m.method === undefined).length >= wanted.size);
      const answers = client.received.filter((m): m is Msg & { id: number } => typeof m.id === 'number' && wanted.has(m.id) && m.method === undefined);
      const internal = answers.filter((a) => (a.error as { code?: number } | undefined)?.code === -32603);
      expect(internal.map((a) => ({ line: lines.find((l) => l.id === a.id)?.line.slice(0, 300), error: a.error }))).toEqual([]);
      for (const a of answers) if (a.error) expect((a.error as { message: string }).message.length).toBeGreaterThan(0);
      expect(logged.filter((l) => /TypeError|Cannot read properties/.test(l))).toEqual([]);
      expect(({}) as Record<string, unknown>).not.toHaveProperty('polluted');
      // Still serving.
      const after = await client.request('thread/loaded/list', {});
      expect(after.error).toBeUndefined();
    } finally {
      await client.server.close();
      await mock.close();
    }
  }, 120_000);
});
