// Running the installed `weft` as a user would: its own HOME and WEFT_HOME, a work folder, nothing of
// the test's environment but PATH, and the module-load log of load-log.mjs. A run that outlives its
// limit is killed and reported (a turn must never hang), never waited on.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LOAD_LOG_HOOK = pathToFileURL(fileURLToPath(new URL('./load-log.mjs', import.meta.url))).href;

export interface Workspace {
  readonly root: string;
  readonly home: string;
  readonly weftHome: string;
  readonly cwd: string;
  /** The environment every run gets (PATH, HOME, WEFT_HOME, the load log). */
  readonly env: Record<string, string>;
}

export async function workspace(loadLog: string, config: string): Promise<Workspace> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'weft-artifact-ws-'));
  const home = root;
  const weftHome = path.join(root, 'weft-home');
  const cwd = path.join(root, 'work');
  await mkdir(weftHome, { recursive: true });
  await mkdir(cwd, { recursive: true });
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path.join(weftHome, 'config.toml'), config);
  return {
    root,
    home,
    weftHome,
    cwd,
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: home,
      WEFT_HOME: weftHome,
      NODE_OPTIONS: `--import=${LOAD_LOG_HOOK}`,
      WEFT_ARTIFACT_LOAD_LOG: loadLog,
    },
  };
}

export interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts `bin args…`; `done` resolves at its exit. Killed (failing the caller's asserts) after `limitMs`. */
export function startBin(
  bin: string,
  args: readonly string[],
  ws: Workspace,
  env: Record<string, string> = {},
  limitMs = 90_000,
): { child: ChildProcess; done: Promise<Ran> } {
  const child = spawn(bin, args, { cwd: ws.cwd, env: { ...ws.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<Ran>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

/** Runs `bin args…` to its exit, its stdin closed. */
export function runBin(bin: string, args: readonly string[], ws: Workspace, env: Record<string, string> = {}, limitMs = 90_000): Promise<Ran> {
  const { child, done } = startBin(bin, args, ws, env, limitMs);
  child.stdin?.end();
  return done;
}

/** Every rollout file under the home's sessions/. */
export async function rolloutFiles(weftHome: string): Promise<string[]> {
  const dir = path.join(weftHome, 'sessions');
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((e) => /rollout-.*\.jsonl$/.test(e)).map((e) => path.join(dir, e));
}

/** The rollouts' lines, parsed. */
export async function rolloutLines(weftHome: string): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  for (const file of await rolloutFiles(weftHome)) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
  }
  return lines;
}

/** The `exec --json` events of a run's stdout. */
export function events(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
