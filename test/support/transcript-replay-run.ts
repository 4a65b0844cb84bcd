// One whole replay of the recorded app-server sessions a–d of a generation against weft's
// app-server (in process, a fresh client per recorded process, one shared home and mock model):
// what each process expected and received, the model requests weft sent per scenario, and the
// ids weft gave the threads it opened. The replay rules are in ./transcript-replay.ts.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CompatProfileName } from '../../protocol/config.js';
import { findBwrap } from '../../src/tools/sandbox/bwrap-probe.js';
import { conformanceRoot } from '../conformance/scenario.js';
import { InProcessClient, type Msg } from './appserver-client.js';
import type { AppServerMock } from './appserver-mock.js';
import { tempDir } from './temp-tree.js';
import { loadTranscript, replayProcess, type TranscriptLine } from './transcript-replay.js';

export const REPLAY_CLIENT_NAME = 'weft_replay_client';
export const REPLAY_CLIENT_TITLE = 'Weft Replay Client';

export interface ReplayGeneration {
  readonly compat: CompatProfileName;
  readonly dir: string;
  /** Whole messages (0.98) or their outline (0.169). */
  readonly exact: boolean;
  /** 0.169 refuses an interrupt naming another turn: the held stream goes on once it answered. */
  readonly releaseAfterWrongInterrupt: boolean;
}

export const REPLAY_GENERATIONS: readonly ReplayGeneration[] = [
  { compat: 'codex-0.98', dir: 'appserver-0.98', exact: true, releaseAfterWrongInterrupt: false },
  { compat: 'codex-0.169', dir: 'appserver-0.169', exact: false, releaseAfterWrongInterrupt: true },
];

/** A model request as the fixtures store it (model-requests/NNN-*.json). */
export interface ModelRequest {
  method: string;
  path: string;
  query?: string;
  body: unknown;
}

export interface ReplayRun {
  proc: string;
  expected: Msg[];
  actual: Msg[];
  /** The method of each request the client sent, by its id as JSON. */
  methods: Map<string, string>;
}

export interface TranscriptReplay {
  readonly runs: ReplayRun[];
  /** The model requests weft sent while replaying each scenario. */
  readonly sentBy: Map<string, ModelRequest[]>;
  readonly threadIds: string[];
  /** `{{CWD}}`, `{{CODEX_HOME}}`, `{{HOME}}` → the directories of this replay. */
  readonly paths: Record<string, string>;
}

/** Replays a–d of `gen` against `mock`; `onWait` is told what the replay waits for next. */
export async function replayTranscripts(gen: ReplayGeneration, mock: AppServerMock, onWait: (describe: () => string) => void = () => undefined): Promise<TranscriptReplay> {
  const root = join(conformanceRoot(), gen.dir);
  const packDir = join(conformanceRoot(), gen.compat, 'pack');
  const runs: ReplayRun[] = [];
  const sentBy = new Map<string, ModelRequest[]>();
  const threadIds: string[] = [];
  const ws = await realpath(await tempDir('weft-replay-'));
  const paths = { '{{CWD}}': join(ws, 'cwd'), '{{CODEX_HOME}}': join(ws, 'codex_home'), '{{HOME}}': join(ws, 'home') };
  for (const p of Object.values(paths)) await mkdir(p, { recursive: true });
  // The skills Codex installs into its home at start (its binary carries them; the fixtures of
  // the same generation hold the files): weft lists what it finds there, as Codex does.
  const installed = JSON.parse(readFileSync(join(conformanceRoot(), gen.compat, 'scenarios', 'basic', 'scenario.json'), 'utf8')) as { files: Record<string, string> };
  for (const [file, content] of Object.entries(installed.files)) {
    if (!file.startsWith('{{CODEX_HOME}}/skills/.system/')) continue;
    const target = file.replace('{{CODEX_HOME}}', paths['{{CODEX_HOME}}']);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  const config = JSON.parse(readFileSync(join(root, 'a', 'scenario.json'), 'utf8')) as { configToml: string };
  await writeFile(join(paths['{{CODEX_HOME}}'], 'config.toml'), config.configToml.replace('{{MOCK_URL}}', mock.url));
  const env = {
    HOME: paths['{{HOME}}'],
    CODEX_HOME: paths['{{CODEX_HOME}}'],
    MOCK_API_KEY: 'dummy',
    OPENAI_BASE_URL: mock.url,
    SHELL: '/bin/bash',
    TERM: 'dumb',
    // Codex recorded these with a working sandbox: give weft the machine's bwrap (no PATH here).
    WEFT_BWRAP: findBwrap(process.env.PATH) ?? '',
  };
  const bindings = new Map<string, string>([...Object.entries(paths), ['{{CLIENT_NAME}}', REPLAY_CLIENT_NAME], ['{{CLIENT_TITLE}}', REPLAY_CLIENT_TITLE]]);
  for (const scenario of ['a', 'b', 'c', 'd']) {
    const before = mock.server.requests.length;
    const lines = loadTranscript(join(root, scenario));
    const procs = [...new Set(lines.map((l) => l.proc))];
    for (const proc of procs) {
      const client = new InProcessClient({ env, cwd: paths['{{CWD}}'], runtime: { packDir, compat: gen.compat } });
      const methods = new Map<string, string>();
      const result = await replayProcess(client, lines.filter((l: TranscriptLine) => l.proc === proc), {
        bindings,
        adjust: { weftErrorCodes: gen.exact },
        onWait,
        release: (prompt) => mock.release(prompt),
        releases: [
          { when: (line) => line.includes('Sent while the previous turn runs'), prompt: 'Slow one [[slow:150:12]]' },
          ...(gen.releaseAfterWrongInterrupt ? [{ when: (line: string) => line.includes('wrong-turn-id'), prompt: 'Slow again [[slow:150:12]]' }] : []),
        ],
        onAnswer: (sent, answer) => {
          if (typeof sent.method === 'string') methods.set(JSON.stringify(sent.id), sent.method);
          const id = (answer.result as { thread?: { id?: string } } | undefined)?.thread?.id;
          if ((sent.method === 'thread/start' || sent.method === 'thread/fork') && id && !threadIds.includes(id)) {
            threadIds.push(id);
            bindings.set(threadIds.length === 1 ? '{{THREAD_ID}}' : `{{THREAD_ID_${threadIds.length}}}`, id);
          }
        },
      });
      await client.close();
      runs.push({ proc, ...result, methods });
    }
    sentBy.set(
      scenario,
      mock.server.requests.slice(before).map((r) => ({
        method: r.method,
        path: r.path,
        ...(r.query ? { query: new URLSearchParams(r.query).toString() } : {}),
        body: r.body ?? null,
      })),
    );
  }
  return { runs, sentBy, threadIds, paths };
}
