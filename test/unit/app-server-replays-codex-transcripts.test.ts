// The client side of the recorded Codex 0.98 app-server sessions (appserver-0.98 a–d), replayed
// against weft's app-server: same answers and v2 notifications in the same order, equal after the
// fixtures' normalization (and the deviations listed in test/support/transcript-replay.ts).
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { canonicalJson, renumberIds } from '../conformance/diff.js';
import { createNormalizer } from '../conformance/normalize.js';
import { conformanceRoot } from '../conformance/scenario.js';
import { findBwrap } from '../../src/tools/sandbox/bwrap-probe.js';
import { InProcessClient, type Msg } from '../support/appserver-client.js';
import { startAppServerMock, type AppServerMock } from '../support/appserver-mock.js';
import { tempDir } from '../support/temp-tree.js';
import { blurred, loadTranscript, replayProcess, type TranscriptLine } from '../support/transcript-replay.js';

const root = join(conformanceRoot(), 'appserver-0.98');
const packDir = join(conformanceRoot(), 'codex-0.98', 'pack');
const CLIENT_NAME = 'weft_replay_client';
const CLIENT_TITLE = 'Weft Replay Client';

interface Run {
  proc: string;
  expected: Msg[];
  actual: Msg[];
}

describe.skipIf(!existsSync(root))('app-server replays of Codex transcripts a–d', () => {
  let mock: AppServerMock;
  const runs: Run[] = [];
  const threadIds: string[] = [];
  let paths: Record<string, string> = {};

  beforeAll(async () => {
    mock = await startAppServerMock();
    const ws = await realpath(await tempDir('weft-replay-'));
    paths = { '{{CWD}}': join(ws, 'cwd'), '{{CODEX_HOME}}': join(ws, 'codex_home'), '{{HOME}}': join(ws, 'home') };
    for (const p of Object.values(paths)) await mkdir(p, { recursive: true });
    const config = JSON.parse(readFileSync(join(root, 'a', 'scenario.json'), 'utf8')) as { configToml: string };
    await writeFile(join(paths['{{CODEX_HOME}}'] as string, 'config.toml'), config.configToml.replace('{{MOCK_URL}}', mock.url));
    const env = {
      HOME: paths['{{HOME}}'] as string,
      CODEX_HOME: paths['{{CODEX_HOME}}'] as string,
      MOCK_API_KEY: 'dummy',
      OPENAI_BASE_URL: mock.url,
      SHELL: '/bin/bash',
      TERM: 'dumb',
      // Codex recorded these with a working sandbox: give weft the machine's bwrap (no PATH here).
      WEFT_BWRAP: findBwrap(process.env.PATH) ?? '',
    };
    const bindings = new Map<string, string>([...Object.entries(paths), ['{{CLIENT_NAME}}', CLIENT_NAME], ['{{CLIENT_TITLE}}', CLIENT_TITLE]]);
    for (const scenario of ['a', 'b', 'c', 'd']) {
      const lines = loadTranscript(join(root, scenario));
      const procs = [...new Set(lines.map((l) => l.proc))];
      for (const proc of procs) {
        const client = new InProcessClient({ env, cwd: paths['{{CWD}}'] as string, runtime: { packDir } });
        const result = await replayProcess(client, lines.filter((l: TranscriptLine) => l.proc === proc), {
          bindings,
          release: (prompt) => mock.release(prompt),
          releases: [{ when: (line) => line.includes('Sent while the previous turn runs'), prompt: 'Slow one [[slow:150:12]]' }],
          onAnswer: (sent, answer) => {
            const id = (answer.result as { thread?: { id?: string } } | undefined)?.thread?.id;
            if ((sent.method === 'thread/start' || sent.method === 'thread/fork') && id && !threadIds.includes(id)) {
              threadIds.push(id);
              bindings.set(threadIds.length === 1 ? '{{THREAD_ID}}' : `{{THREAD_ID_${threadIds.length}}}`, id);
            }
          },
        });
        await client.close();
        runs.push({ proc, ...result });
      }
    }
  }, 120_000);

  afterAll(async () => {
    await mock?.close();
  });

  const compare = (proc: string) => {
    const run = runs.find((r) => r.proc === proc);
    expect(run, `process ${proc} ran`).toBeDefined();
    const n = createNormalizer({ paths, threadIds, clientName: CLIENT_NAME, clientTitle: CLIENT_TITLE });
    const actual = renumberIds((run as Run).actual.map((m) => blurred(n.value(m) as Msg)));
    const expected = renumberIds((run as Run).expected.map((m) => blurred(m)));
    expect(actual.map((m) => canonicalJson(m))).toEqual(expected.map((m) => canonicalJson(m)));
  };

  test('a: initialize, thread/start and one turn give Codex’s answers and notifications', () => compare('p1'));
  test('b: a new process resumes the thread (turns replayed) and runs a second turn', () => compare('p2'));
  test('c: a fork answers with the parent’s turns and announces itself with thread/started', () => compare('p3'));
  test('d: handshake errors are answered in order, string ids echoed', () => compare('p4-handshake'));
  test('d: bad input, list/read, compaction, interrupts, steering and a provider 500', () => compare('p5'));
});
