// What Codex 0.169's TUI asks a remote app-server (`codex --remote ws://…`) before and around its
// first turn, and what weft answers (see cross-tui-remote-codex-0.169 for the real TUI):
// - `account/read`: no account (the home has no sign-in here), and whether the provider wants OpenAI's: the
//   TUI stops when this fails;
// - `skills/list`: the skills a thread in each cwd sees (project, home, system), skipped SKILL.md files as errors with their path;
// - `thread/unsubscribe`: the thread is unloaded (`notLoaded` when it was not loaded);
// - `thread/list` with 0.169's filters: cwd, searchTerm, excludedThreadIds, sectionId, sort
//   direction, the `recency_at` and `section_position` keys; a nonempty `originators` is refused.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace0169, type AppServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
const clients: InProcessClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function open(extraConfig = ''): Promise<{ c: InProcessClient; ws: AppServerWorkspace }> {
  mock = await startMockResponsesServer({ respond: () => textReply('hello') });
  const ws = await appServerWorkspace0169(mock.url);
  if (extraConfig) await writeFile(join(ws.codexHome, 'config.toml'), extraConfig);
  const c = new InProcessClient(ws.options);
  clients.push(c);
  await c.initialize();
  return { c, ws };
}

const result = <T>(m: Msg): T => {
  expect(m.error, JSON.stringify(m.error)).toBeUndefined();
  return m.result as T;
};
const errorOf = (m: Msg): string => {
  expect(m.error, JSON.stringify(m.result)).toBeDefined();
  return (m.error as { message: string }).message;
};

type Thread = { id: string; preview: string };

/** A thread in `cwd` whose first (and only) prompt is `prompt`. */
async function spokenThread(c: InProcessClient, cwd: string, prompt: string): Promise<string> {
  const { thread } = result<{ thread: Thread }>(await c.request('thread/start', { cwd }));
  const from = c.received.length;
  const { turn } = result<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: prompt, text_elements: [] }] }));
  await c.turnCompleted(thread.id, turn.id, from);
  return thread.id;
}

describe('what Codex’s TUI asks a 0.169 app-server', () => {
  it('account/read: no account; requiresOpenaiAuth follows the provider', async () => {
    const { c, ws } = await open();
    expect(result(await c.request('account/read', {}))).toEqual({ account: null, userId: null, requiresOpenaiAuth: false });
    expect(result(await c.request('account/read', { refreshToken: true }))).toMatchObject({ requiresOpenaiAuth: false });
    // The built-in provider wants OpenAI's sign-in, even with a key in the environment.
    const c2 = new InProcessClient({ ...ws.options, env: { ...ws.options.env, OPENAI_API_KEY: 'sk-test' } });
    clients.push(c2);
    await writeFile(join(ws.codexHome, 'config.toml'), 'model = "gpt-5.5"\n');
    await c2.initialize();
    expect(result(await c2.request('account/read', {}))).toEqual({ account: null, userId: null, requiresOpenaiAuth: true });
    // Other account methods still say what is missing.
    expect(errorOf(await c2.request('account/rateLimits/read'))).toMatch(/account/);
  });

  it('skills/list: the home’s skills for each cwd, system ones marked, skipped files as errors', async () => {
    const { c, ws } = await open();
    const skills = join(ws.codexHome, 'skills');
    await mkdir(join(skills, 'review'), { recursive: true });
    await writeFile(join(skills, 'review', 'SKILL.md'), '---\nname: review\ndescription: Review a change.\n---\nbody\n');
    await mkdir(join(skills, '.system', 'installer'), { recursive: true });
    await writeFile(join(skills, '.system', 'installer', 'SKILL.md'), '---\nname: installer\ndescription: Install skills.\n---\n');
    await mkdir(join(skills, 'broken'), { recursive: true });
    await writeFile(join(skills, 'broken', 'SKILL.md'), 'no front matter\n');
    const { data } = result<{ data: Array<{ cwd: string; skills: unknown[]; errors: unknown[] }> }>(await c.request('skills/list', { cwds: [ws.cwd, '/elsewhere'], forceReload: true }));
    expect(data.map((e) => e.cwd)).toEqual([ws.cwd, '/elsewhere']);
    expect(data[0]?.skills).toEqual([
      { name: 'installer', description: 'Install skills.', path: join(skills, '.system', 'installer', 'SKILL.md'), scope: 'system', enabled: true },
      { name: 'review', description: 'Review a change.', path: join(skills, 'review', 'SKILL.md'), scope: 'user', enabled: true },
    ]);
    expect(data[0]?.errors).toEqual([{ path: join(skills, 'broken', 'SKILL.md'), message: expect.stringContaining('front matter') }]);
    expect(data[1]).toEqual({ ...data[0], cwd: '/elsewhere' });
    // A project's skill is listed for the cwd inside it only, in the repo scope.
    await mkdir(join(ws.cwd, '.codex', 'skills', 'local'), { recursive: true });
    const local = join(ws.cwd, '.codex', 'skills', 'local', 'SKILL.md');
    await writeFile(local, '---\nname: local\ndescription: Project skill.\n---\n');
    const again = result<{ data: Array<{ skills: Array<{ name: string; scope: string; path: string }> }> }>(await c.request('skills/list', { cwds: [ws.cwd, '/elsewhere'] })).data;
    expect(again[0]?.skills.find((s) => s.name === 'local')).toMatchObject({ scope: 'repo', path: local });
    expect(again[1]?.skills.map((s) => s.name)).toEqual(['installer', 'review']);
    // No cwds: the server's.
    expect(result<{ data: Array<{ cwd: string }> }>(await c.request('skills/list', {})).data.map((e) => e.cwd)).toEqual([ws.options.cwd]);
  });

  it('thread/unsubscribe unloads the thread; a thread not loaded says so', async () => {
    const { c, ws } = await open();
    const id = await spokenThread(c, ws.cwd, 'first');
    expect(result<{ data: string[] }>(await c.request('thread/loaded/list', {})).data).toEqual([id]);
    expect(result(await c.request('thread/unsubscribe', { threadId: id }))).toEqual({ status: 'unsubscribed' });
    expect(result<{ data: string[] }>(await c.request('thread/loaded/list', {})).data).toEqual([]);
    expect(result(await c.request('thread/unsubscribe', { threadId: id }))).toEqual({ status: 'notLoaded' });
    // It can be resumed again, and its history is whole.
    const resumed = result<{ thread: { id: string; turns: unknown[] } }>(await c.request('thread/resume', { threadId: id }));
    expect(resumed.thread.id).toBe(id);
    expect(errorOf(await c.request('thread/unsubscribe', { threadId: 'not-a-thread' }))).toMatch(/threadId/);
  });

  it('thread/list: 0.169 filters, sort keys and direction', async () => {
    const { c, ws } = await open();
    const other = join(ws.root, 'other');
    await mkdir(other);
    const a = await spokenThread(c, ws.cwd, 'Fix the parser');
    const b = await spokenThread(c, other, 'Write the docs');
    const d = await spokenThread(c, ws.cwd, 'Parser tests');
    const ids = async (params: Record<string, unknown>): Promise<string[]> => result<{ data: Thread[] }>(await c.request('thread/list', params)).data.map((t) => t.id);

    expect(await ids({})).toEqual([d, b, a]);
    expect(await ids({ sortDirection: 'asc' })).toEqual([a, b, d]);
    expect(await ids({ sortKey: 'recency_at' })).toEqual(await ids({ sortKey: 'updated_at' }));
    expect(await ids({ sortKey: 'section_position' })).toEqual([d, b, a]);
    expect(await ids({ cwd: ws.cwd })).toEqual([d, a]);
    expect(await ids({ cwd: [other, '/nowhere'] })).toEqual([b]);
    expect(await ids({ searchTerm: 'parser' })).toEqual([d, a]);
    expect(await ids({ excludedThreadIds: [d] })).toEqual([b, a]);
    // Every weft thread is unsectioned.
    expect(await ids({ sectionId: null })).toEqual([d, b, a]);
    expect(await ids({ sectionId: '01984de2-8f74-7c91-a3b2-5c5e937cf318' })).toEqual([]);
    // Ascending pages carry on where the last one stopped.
    const first = result<{ data: Thread[]; nextCursor: string | null }>(await c.request('thread/list', { sortDirection: 'asc', limit: 2 }));
    expect(first.data.map((t) => t.id)).toEqual([a, b]);
    expect(await ids({ sortDirection: 'asc', limit: 2, cursor: first.nextCursor })).toEqual([d]);

    expect(errorOf(await c.request('thread/list', { originators: ['codex_vscode'] }))).toMatch(/originators/);
    expect(errorOf(await c.request('thread/list', { excludedThreadIds: ['nope'] }))).toMatch(/excludedThreadIds/);
    expect(errorOf(await c.request('thread/list', { excludedThreadIds: Array.from({ length: 101 }, () => a) }))).toMatch(/at most 100/);
  });
});
