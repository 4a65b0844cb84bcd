// @openai/codex-sdk, pointed at weft with `codexPathOverride`, drives `weft exec` as it drives
// Codex: it starts a thread, runs two turns, resumes the thread by id in a new Codex instance, and
// reads the stream (items, usage, output schema, images) the way it reads Codex's.
//
// This is the seed generation's SDK (0.98.0, the devDependency alias `codex-sdk-0.98`) against
// `compat = "codex-0.98"`; today's SDK has its own test (codex-sdk-current-drives-weft-exec). The
// test runs when the alias resolves (installed in node_modules) or when WEFT_CODEX_SDK_DIR points at
// an installed copy of 0.98.0; otherwise it is skipped.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startMockResponsesServer } from '../../../scripts/mock-responses-server.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

/** The part of the SDK's API this test uses (its published types, restated). */
interface SdkItem {
  id: string;
  type: string;
  text?: string;
}
interface SdkTurn {
  items: SdkItem[];
  finalResponse: string;
  usage: { input_tokens: number; cached_input_tokens: number; output_tokens: number } | null;
}
interface SdkThread {
  readonly id: string | null;
  run(input: string | Array<{ type: 'text'; text: string } | { type: 'local_image'; path: string }>, opts?: { outputSchema?: unknown }): Promise<SdkTurn>;
  runStreamed(input: string): Promise<{ events: AsyncGenerator<{ type: string; item?: SdkItem }> }>;
}
interface SdkCodex {
  startThread(opts?: { workingDirectory?: string; skipGitRepoCheck?: boolean }): SdkThread;
  resumeThread(id: string, opts?: { workingDirectory?: string; skipGitRepoCheck?: boolean }): SdkThread;
}
type CodexCtor = new (opts: { codexPathOverride: string; env: Record<string, string> }) => SdkCodex;

async function loadSdk(): Promise<CodexCtor | undefined> {
  const candidates = ['codex-sdk-0.98'];
  const dir = process.env.WEFT_CODEX_SDK_DIR;
  if (dir) candidates.push(pathToFileURL(join(dir, 'node_modules', '@openai', 'codex-sdk', 'dist', 'index.js')).href);
  for (const specifier of candidates) {
    try {
      const mod = (await import(/* @vite-ignore */ specifier)) as { Codex?: CodexCtor };
      if (mod.Codex) return mod.Codex;
    } catch {
      // not installed here
    }
  }
  return undefined;
}

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
const Codex = await loadSdk();

afterEach(removeTempDirs);

describe.skipIf(Codex === undefined)('@openai/codex-sdk against weft exec', () => {
  let wrapper: string;

  let dir: string;
  beforeAll(async () => {
    // Not a tempDir(): those are removed after each test, this one serves them all.
    dir = await mkdtemp(join(tmpdir(), 'weft-sdk-bin-'));
    wrapper = join(dir, 'codex');
    await writeFile(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    await chmod(wrapper, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('starts a thread, runs two turns, resumes it by id and sees the whole history', async () => {
    const mock = await startMockResponsesServer({});
    const ws = await appServerWorkspace(mock.url);
    const env = Object.fromEntries(Object.entries(ws.options.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
    try {
      const codex = new (Codex as CodexCtor)({ codexPathOverride: wrapper, env });
      const thread = codex.startThread({ workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const first = await thread.run('first question');
      expect(first.finalResponse).toBe('Mock reply 1 to: first question');
      expect(first.items).toEqual([{ id: 'item_0', type: 'agent_message', text: 'Mock reply 1 to: first question' }]);
      expect(first.usage).toEqual({ input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40 });
      const id = thread.id;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      const second = await thread.run('second question');
      expect(second.finalResponse).toBe('Mock reply 2 to: second question');
      expect(thread.id).toBe(id);

      const resumed = new (Codex as CodexCtor)({ codexPathOverride: wrapper, env }).resumeThread(id as string, { workingDirectory: ws.cwd });
      const third = await resumed.run('third question');
      expect(third.finalResponse).toBe('Mock reply 3 to: third question');
      expect(third.usage?.input_tokens).toBe(3600);

      const body = mock.requests.at(-1)?.body as { input: Array<{ role?: string; content?: Array<{ text?: string }> }> };
      const users = body.input.filter((i) => i.role === 'user').map((i) => i.content?.[0]?.text ?? '');
      expect(users.filter((t) => t.endsWith('question'))).toEqual(['first question', 'second question', 'third question']);
    } finally {
      await mock.close();
    }
  }, 60_000);

  test('output schema and images reach the request; the stream has thread, turn and item events', async () => {
    const mock = await startMockResponsesServer({});
    const ws = await appServerWorkspace(mock.url);
    const env = Object.fromEntries(Object.entries(ws.options.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const png = join(ws.root, 'dot.png');
    await writeFile(png, Buffer.from('89504e470d0a1a0a', 'hex'));
    try {
      const codex = new (Codex as CodexCtor)({ codexPathOverride: wrapper, env });
      const thread = codex.startThread({ workingDirectory: ws.cwd, skipGitRepoCheck: true });
      const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false };
      await thread.run([{ type: 'text', text: 'describe' }, { type: 'local_image', path: png }], { outputSchema: schema });
      const body = mock.requests[0]?.body as { text?: { format?: { schema?: unknown } }; input: Array<{ role?: string; content?: Array<Record<string, unknown>> }> };
      expect(body.text?.format?.schema).toEqual(schema);
      const last = body.input.at(-1);
      expect(last?.content).toEqual([
        { type: 'input_image', image_url: `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}` },
        { type: 'input_text', text: 'describe' },
      ]);

      const { events } = await thread.runStreamed('stream it');
      const types: string[] = [];
      for await (const e of events) types.push(e.item ? `${e.type}:${e.item.type}` : e.type);
      expect(types).toEqual(['thread.started', 'turn.started', 'item.completed:agent_message', 'turn.completed']);
    } finally {
      await mock.close();
    }
  }, 60_000);
});

test('the SDK test is skipped only because the SDK is not installed', () => {
  if (Codex === undefined) expect(existsSync(join(process.cwd(), 'node_modules', 'codex-sdk-0.98'))).toBe(false);
});
