// On the Chat and Anthropic wires the model gets a prompt it can act on, under every generation and
// for code-mode models too: the instructions and the developer messages that open the conversation
// are the wire's system prompt (Anthropic: top-level `system`; Chat: one system message, first), a
// later settings update travels as user text in weft's framing (never a system message
// mid-conversation), and the shell and apply_patch tools are offered as plain functions (code mode
// is a Responses feature). A provider of these wires with no model chosen is refused before
// anything is written or sent.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompatProfileName } from '../../../protocol/config.js';
import { Weft } from '../../../src/engine/weft.js';
import { ConfigError } from '../../../src/errors.js';
import {
  anthropicTextReply,
  anthropicToolUseReply,
  chatTextReply,
  chatToolCallReply,
  startMockWireServer,
  type MockWireServer,
} from '../../support/mock-wire-servers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { anthropicRequestProblems, chatRequestProblems } from '../../support/wire-validity.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await removeTempDirs();
});

type Wire = 'chat' | 'anthropic';

async function server(wire: Wire): Promise<MockWireServer> {
  const replies =
    wire === 'chat'
      ? [chatToolCallReply('exec_command', { cmd: 'echo from-the-shell' }, 'call_1'), chatTextReply('done'), chatTextReply('again')]
      : [anthropicToolUseReply('exec_command', { cmd: 'echo from-the-shell' }, 'toolu_1'), anthropicTextReply('done'), anthropicTextReply('again')];
  const s = await startMockWireServer((_r, i) => replies[i] ?? replies[2]!);
  closers.push(() => s.close());
  return s;
}

async function setup(wire: Wire, model: string | undefined): Promise<{ mock: MockWireServer; home: string; cwd: string; env: Record<string, string | undefined> }> {
  const mock = await server(wire);
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(
    `${home}/config.toml`,
    [
      ...(model ? [`model = "${model}"`] : []),
      'model_provider = "local"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      '[model_providers.local]',
      `base_url = "${mock.url}"`,
      `wire_api = "${wire}"`,
      '',
    ].join('\n'),
  );
  return { mock, home, cwd, env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, SHELL: '/bin/bash' } };
}

interface Sent {
  system: string;
  /** Every message after the system prompt, as role and text. */
  conversation: Array<{ role: string; text: string }>;
  systemMessages: number;
  tools: string[];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b: { type?: string; text?: string; content?: unknown }) => (b.type === 'text' ? (b.text ?? '') : b.type === 'tool_result' ? textOf(b.content) : '')).join('\n');
}

function read(wire: Wire, body: unknown): Sent {
  if (wire === 'chat') {
    const b = body as { messages: Array<{ role: string; content: unknown }>; tools?: Array<{ function: { name: string } }> };
    expect(chatRequestProblems(b)).toEqual([]);
    return {
      system: b.messages[0]?.role === 'system' ? textOf(b.messages[0].content) : '',
      conversation: b.messages.slice(1).map((m) => ({ role: m.role, text: textOf(m.content) })),
      systemMessages: b.messages.filter((m) => m.role === 'system' || m.role === 'developer').length,
      tools: (b.tools ?? []).map((t) => t.function.name),
    };
  }
  const b = body as { system?: unknown; messages: Array<{ role: string; content: unknown }>; tools?: Array<{ name: string }> };
  expect(anthropicRequestProblems(b)).toEqual([]);
  return {
    system: textOf(b.system),
    conversation: b.messages.map((m) => ({ role: m.role, text: textOf(m.content) })),
    systemMessages: b.system === undefined ? 0 : 1,
    tools: (b.tools ?? []).map((t) => t.name),
  };
}

const CASES: Array<{ compat: CompatProfileName; model: string; codeMode: boolean }> = [
  { compat: 'codex-0.98', model: 'gpt-5.2-codex', codeMode: false },
  { compat: 'codex-0.169', model: 'gpt-5.5', codeMode: false },
  { compat: 'codex-0.169', model: 'gpt-5.6-sol', codeMode: true },
];

describe.each(['chat', 'anthropic'] as const)('the %s wire', (wire) => {
  it.each(CASES)('$compat, $model: the instructions and permissions are the system prompt, the tools are functions, a call runs', async ({ compat, model }) => {
    const { mock, cwd, env } = await setup(wire, model);
    const weft = await Weft.open({ env, cwd, compat });
    const thread = await weft.startThread();
    expect(await thread.run('say hello through the shell')).toMatchObject({ status: 'completed', lastMessage: 'done' });
    await thread.close();

    expect(mock.requests).toHaveLength(2);
    const first = read(wire, mock.requests[0]?.body);
    // The instructions (the model's base instructions) and the permissions block open the system prompt.
    expect(first.system.length).toBeGreaterThan(500);
    expect(first.system).toMatch(/<permissions instructions>/);
    expect(first.systemMessages).toBe(1);
    // No context message is left in the conversation: the first user turn carries no permissions.
    expect(first.conversation.some((m) => m.text.includes('<permissions instructions>'))).toBe(false);
    expect(first.conversation.at(-1)).toEqual({ role: 'user', text: expect.stringContaining('say hello through the shell') as unknown as string });
    expect(first.tools).toEqual(expect.arrayContaining(['exec_command', 'apply_patch']));
    expect(first.tools).not.toContain('exec');
    // The call ran and its output went back.
    const second = read(wire, mock.requests[1]?.body);
    expect(second.conversation.map((m) => m.text).join('\n')).toContain('from-the-shell');
    expect(second.system).toBe(first.system);
  });

  it.each(CASES.filter((c) => c.compat === 'codex-0.169'))('$compat, $model: a settings change after a resume goes as framed user text, the system prompt unchanged', async ({ compat, model }) => {
    const { mock, cwd, env } = await setup(wire, model);
    const first = await (await Weft.open({ env, cwd, compat })).startThread();
    await first.run('say hello through the shell');
    await first.close();
    const again = await (await Weft.open({ env, cwd, compat })).resumeThread(first.id, { overrides: { sandboxMode: 'read-only' } });
    expect(await again.run('and now read only')).toMatchObject({ status: 'completed', lastMessage: 'again' });
    await again.close();

    const before = read(wire, mock.requests[0]?.body);
    const after = read(wire, mock.requests.at(-1)?.body);
    expect(after.systemMessages).toBe(1);
    expect(after.system).toBe(before.system);
    const update = after.conversation.find((m) => m.role === 'user' && m.text.includes('<context_update>'));
    expect(update?.text).toMatch(/read-only|read only/i);
  });

  it.each(CASES)('$compat: with no model chosen, weft refuses before anything is written or sent, naming `model`', async ({ compat }) => {
    const { mock, home, cwd, env } = await setup(wire, undefined);
    const weft = await Weft.open({ env, cwd, compat });
    const refused = await weft.startThread().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).key).toBe('model');
    expect(String((refused as Error).message)).toMatch(/set `model`/);
    expect(mock.requests).toHaveLength(0);
    expect(await readdir(path.join(home)).then((names) => names.includes('sessions'))).toBe(false);
    // A model for the thread alone is enough.
    const thread = await weft.startThread({ overrides: { model: 'local-model' } });
    await thread.run('hi');
    await thread.close();
    expect((mock.requests[0]?.body as { model: string }).model).toBe('local-model');
  });
});
