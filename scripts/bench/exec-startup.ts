// One-shot `weft exec --json "hi"` against the mock, spawn to exit, beside `node -e 0` (the floor of
// any Node program), a bare Node program doing the same HTTP exchange (bare-exchange.cjs: the floor
// of any Node program that talks to the mock) and, when scripts/install-codex.sh installed it, the
// real Codex 0.169 on the same mock with the same prompt. Runs are interleaved (node, bare, weft,
// Codex, node, …) so that all see the same load on a shared machine; medians are reported. Targets:
// weft ≤ 0.6× Codex and ≤ 2.5× `node -e 0`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startMockResponsesServer } from '../mock-responses-server.js';

const RUNS = 15;
const HERE = path.dirname(new URL(import.meta.url).pathname);
const BIN = path.join(HERE, '..', '..', 'bin', 'weft.js');
const BARE = path.join(HERE, 'bare-exchange.cjs');
const CODEX_VERSION = '0.169.0';

function codexBinary(): string | undefined {
  const explicit = process.env.WEFT_CODEX_BIN;
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  const candidate = path.join(process.env.WEFT_CODEX_CACHE ?? path.join(os.homedir(), '.cache'), `weft-codex-${CODEX_VERSION}`, 'node_modules', '.bin', 'codex');
  return existsSync(candidate) ? candidate : undefined;
}

/** Spawn to exit, in ms; stdin is closed (a piped stdin would be read as the prompt). */
function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0 || ((args.includes('exec') || args[0] === BARE) && !out.includes('"turn.completed"'))) {
        reject(new Error(`${path.basename(cmd)} ${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
      } else resolve(ms);
    });
  });
}

const median = (v: number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;

export async function benchExecStartup(): Promise<void> {
  console.log(`## one-shot \`weft exec --json "hi"\` against the mock, spawn to exit (medians of ${RUNS}, interleaved)`);
  const mock = await startMockResponsesServer();
  const root = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-exec-'));
  try {
    const weftHome = path.join(root, 'weft-home');
    const codexHome = path.join(root, 'codex-home');
    const cwd = path.join(root, 'work');
    for (const dir of [weftHome, codexHome, cwd]) await mkdir(dir, { recursive: true });
    const provider = `model_provider = "mock"\n\n[model_providers.mock]\nname = "Mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`;
    await writeFile(path.join(weftHome, 'config.toml'), `model = "gpt-5.5"\n${provider}`);
    await writeFile(path.join(codexHome, 'config.toml'), `model = "gpt-5.5"\n${provider}`);
    const base = { PATH: process.env.PATH, LANG: 'C.UTF-8', MOCK_API_KEY: 'dummy' };
    const weftEnv = { ...base, HOME: root, WEFT_HOME: weftHome };
    const codexEnv = { ...base, HOME: root, CODEX_HOME: codexHome };
    const codex = codexBinary();
    const weftArgs = [BIN, 'exec', '--json', '--skip-git-repo-check', 'hi'];
    const codexArgs = ['exec', '--json', '--skip-git-repo-check', 'hi'];
    const bareArgs = [BARE, `${mock.url}/responses`, path.join(root, 'bare-exchange.jsonl')];
    // One of each first: disk caches warm, and each engine's first-run work (caches it keeps) done.
    await timed(process.execPath, ['-e', '0'], base, cwd);
    await timed(process.execPath, bareArgs, base, cwd);
    await timed(process.execPath, weftArgs, weftEnv, cwd);
    if (codex) await timed(codex, codexArgs, codexEnv, cwd);
    const node: number[] = [];
    const bare: number[] = [];
    const weft: number[] = [];
    const codexMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      node.push(await timed(process.execPath, ['-e', '0'], base, cwd));
      bare.push(await timed(process.execPath, bareArgs, base, cwd));
      weft.push(await timed(process.execPath, weftArgs, weftEnv, cwd));
      if (codex) codexMs.push(await timed(codex, codexArgs, codexEnv, cwd));
    }
    const n = median(node);
    const b = median(bare);
    const w = median(weft);
    console.log(`node -e 0: ${n.toFixed(0)} ms; weft exec: ${w.toFixed(0)} ms (range ${Math.min(...weft).toFixed(0)}–${Math.max(...weft).toFixed(0)})`);
    console.log(`weft exec vs node -e 0: ${(w / n).toFixed(2)}× (target ≤ 2.5×)`);
    console.log(
      `  for reference, a bare Node program doing the same exchange with the mock (node:http POST, the events read, one file written; bare-exchange.cjs): ` +
        `${b.toFixed(0)} ms, ${(b / n).toFixed(2)}× node -e 0; weft exec takes ${(w - b).toFixed(0)} ms more than it`,
    );
    if (codex) {
      const c = median(codexMs);
      console.log(`Codex ${CODEX_VERSION} exec: ${c.toFixed(0)} ms; weft exec vs Codex: ${(w / c).toFixed(2)}× (target ≤ 0.6×)`);
    } else {
      console.log(`Codex ${CODEX_VERSION} is not installed (scripts/install-codex.sh ${CODEX_VERSION}): the comparison with Codex is skipped`);
    }
  } finally {
    await mock.close();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExecStartup();
