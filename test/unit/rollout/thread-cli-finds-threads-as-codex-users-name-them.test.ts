// Threads named as Codex users name them: `--last` is the newest thread of the working directory
// (`--all`: of any), a thread is found by id, unique id prefix or name, `thread list` filters by
// --cwd and --search, says "no threads", and prints a continuation a shell reads back unchanged.
// `thread show` fails on a file that is no thread, and a file whose name and session_meta disagree
// is the session_meta's thread for list, show and resume alike.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { RolloutWriter } from '../../../src/rollout/format/writer.js';
import { rolloutPath } from '../../../src/rollout/store/paths.js';
import { newThreadId } from '../../../src/rollout/store/thread-id.js';
import { buildThread, sessionMetaPayload, userTurn } from '../../support/rollout-builders.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function run(home: string, cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home };
  const code = await main(args, { env, cwd, isTty: false, stdout: (l) => void out.push(l), stderr: (l) => void err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function fixture() {
  const home = await tempDir('weft-home-');
  const dirA = await tempDir('weft-a-');
  const dirB = await tempDir('weft-b-');
  const a = await buildThread(home, new Date('2026-01-01T10:00:00Z'), { cwd: dirA, prompts: ['fix the parser'], mtime: new Date('2026-01-01T10:00:00Z') });
  const b = await buildThread(home, new Date('2026-01-02T10:00:00Z'), { cwd: dirB, prompts: ["write the O'Brien report"], mtime: new Date('2026-01-02T10:00:00Z') });
  return { home, dirA, dirB, a, b };
}

describe('finding threads', () => {
  it('resume --last picks the newest thread of the working directory; --all the newest of all', async () => {
    const { home, dirA, a, b } = await fixture();
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    // B (of another directory) is the newest of all.
    expect((await run(home, dirA, ['thread', 'resume', '--last', '--all', 'anywhere'])).code).toBe(0);
    expect(await readFile(b.path, 'utf8')).toContain('anywhere');
    expect((await run(home, dirA, ['thread', 'resume', '--last', 'again here'])).code).toBe(0);
    expect(await readFile(a.path, 'utf8')).toContain('again here');
    expect(await readFile(b.path, 'utf8')).not.toContain('again here');
  });

  it('show finds a thread by unique id prefix and by name; an ambiguous prefix is a usage error', async () => {
    const { home, dirA, a } = await fixture();
    const byPrefix = await run(home, dirA, ['thread', 'show', a.id.slice(0, 13)]);
    expect(byPrefix).toMatchObject({ code: 0, out: expect.stringContaining('fix the parser') });
    const ambiguous = await run(home, dirA, ['thread', 'show', a.id.slice(0, 4)]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.err).toMatch(/is the start of 2 thread ids/);
    await appendFile(a.path, `${JSON.stringify({ timestamp: '2026-01-01T10:00:01.000Z', type: 'event_msg', payload: { type: 'thread_name_updated', thread_id: a.id, thread_name: 'parser work' } })}\n`);
    expect(await run(home, dirA, ['thread', 'show', 'parser work'])).toMatchObject({ code: 0, out: expect.stringContaining('fix the parser') });
  });

  it('list filters by --cwd and --search, and says "no threads" when nothing matches', async () => {
    const { home, dirA, dirB, a, b } = await fixture();
    expect((await run(home, dirB, ['thread', 'list', '--cwd', dirA])).out).toContain(a.id);
    expect((await run(home, dirB, ['thread', 'list', '--cwd', dirA])).out).not.toContain(b.id);
    const found = await run(home, dirA, ['thread', 'list', '--search', "o'brien"]);
    expect(found.out.split('\n')).toEqual([expect.stringContaining(b.id)]);
    const none = await run(home, dirA, ['thread', 'list', '--search', 'nothing like this']);
    expect(none).toMatchObject({ code: 0, out: '', err: 'no threads' });
  });

  it("list's continuation hint reads back unchanged in a shell", async () => {
    const { home, dirA } = await fixture();
    const { err } = await run(home, dirA, ['thread', 'list', '--limit', '1', '--search', "o'brien report"]);
    const hint = /^more: (.*)$/m.exec(err)?.[1] ?? '';
    // The search finds one thread only, so no hint; without it the cursor is needed.
    expect(hint).toBe('');
    const page = await run(home, dirA, ['thread', 'list', '--limit', '1']);
    const cmd = /^more: (.*)$/m.exec(page.err)?.[1] ?? '';
    const words = execFileSync('bash', ['-c', `printf '%s\\n' ${cmd}`], { encoding: 'utf8' }).trimEnd().split('\n');
    const next = await run(home, dirA, words.slice(1));
    expect(next.code).toBe(0);
    expect(next.out).toContain('fix the parser');
  });

  it('show exits non-zero on a file that is no thread', async () => {
    const home = await tempDir('weft-home-');
    const id = newThreadId();
    const file = rolloutPath(home, id, new Date());
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'this is not a rollout\n');
    const shown = await run(home, home, ['thread', 'show', file]);
    expect(shown.code).toBe(1);
    expect(shown.err).toMatch(/session_meta/);
  });

  it('a file named for one id whose session_meta holds another is that other thread everywhere', async () => {
    const home = await tempDir('weft-home-');
    const created = new Date('2026-01-03T10:00:00Z');
    const nameId = newThreadId(created.getTime());
    const metaId = newThreadId(created.getTime() + 1);
    const file = rolloutPath(home, nameId, created);
    const w = await RolloutWriter.create(file, { type: 'session_meta', payload: sessionMetaPayload(metaId, created, home) });
    await w.append(userTurn('which id am I'));
    await w.close();
    const listed = await run(home, home, ['thread', 'list']);
    expect(listed.out).toContain(metaId);
    expect(await run(home, home, ['thread', 'show', metaId])).toMatchObject({ code: 0, out: expect.stringContaining('which id am I') });
  });
});
