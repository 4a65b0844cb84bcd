// One-shot `weft exec --json "hi"` against the mock, spawn to exit, side by side with the real Codex
// 0.169 (when scripts/install-codex.sh installed it) on the same mock with the same prompt, for each
// way the front door is used: the built-in `openai` provider over the Responses WebSocket (its
// base URL moved to the mock), the built-in provider on a server without the WebSocket (its upgrade
// answered 426, then HTTP SSE), and a custom Responses provider over HTTP. Beside them: `node -e 0`
// (the floor of any Node program), a bare Node program doing the same HTTP exchange
// (bare-exchange.cjs), and A/B runs of weft's start-up tricks in the same run: the V8 code cache
// turned off (WEFT_CODE_CACHE=0), and the library's modules (dist/src) run without any bundle.
// Runs are interleaved so that all see the same load on a shared machine; medians are reported.
// Target: weft ≤ 0.5× Codex.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startMockResponsesServer, type MockServer } from '../mock-responses-server.js';

const RUNS = Number(process.env['WEFT_BENCH_RUNS'] ?? 15);
const HERE = path.dirname(new URL(import.meta.url).pathname);
const ROOT = path.join(HERE, '..', '..');
const BIN = path.join(ROOT, 'bin', 'weft.js');
const BARE = path.join(HERE, 'bare-exchange.cjs');
const CODEX_VERSION = '0.169.0';

function codexBinary(): string | undefined {
  const explicit = process.env['WEFT_CODEX_BIN'];
  if (explicit) return existsSync(explicit) ? explicit : undefined;
  const candidate = path.join(process.env['WEFT_CODEX_CACHE'] ?? path.join(os.homedir(), '.cache'), `weft-codex-${CODEX_VERSION}`, 'node_modules', '.bin', 'codex');
  return existsSync(candidate) ? candidate : undefined;
}

interface Variant {
  readonly label: string;
  readonly cmd: string;
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
  /** The run must print this (exec's `turn.completed`), else the figure would time a failure. */
  readonly expect?: string;
  readonly times: number[];
}

/** Spawn to exit, in ms; stdin is closed (a piped stdin would be read as the prompt). */
function timed(v: Variant, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(v.cmd, v.args, { env: v.env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - start;
      if (code !== 0 || (v.expect !== undefined && !out.includes(v.expect))) reject(new Error(`${v.label} exited ${code}: ${err.slice(-500)}${out.slice(-300)}`));
      else resolve(ms);
    });
  });
}

const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;

async function home(dir: string, config: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'config.toml'), `model = "gpt-5.5"\n${config}`);
  return dir;
}

const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(1)).join(' ');

/** The size of each command's bundle (what a start reads), the exec one first. */
async function bundleSizes(): Promise<string> {
  const dir = path.join(ROOT, 'dist', 'bundle');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.cjs')).sort((a, b) => (a === 'exec.cjs' ? -1 : b === 'exec.cjs' ? 1 : a.localeCompare(b)));
  const sizes = await Promise.all(names.map(async (n) => `${n.replace(/\.cjs$/, '')} ${((await stat(path.join(dir, n))).size / 1e6).toFixed(2)} MB`));
  return sizes.join(', ');
}

export async function benchExecStartup(): Promise<void> {
  console.log(`## one-shot \`weft exec --json "hi"\` against the mock, spawn to exit (medians of ${RUNS}, interleaved)`);
  console.log(`bundles (dist/bundle/): ${await bundleSizes()}`);
  console.log(`load average before: ${loadAverage()}`);
  const withWs = await startMockResponsesServer({ websocket: true });
  const withoutWs = await startMockResponsesServer();
  const mocks: MockServer[] = [withWs, withoutWs];
  const root = await mkdtemp(path.join(os.tmpdir(), 'weft-bench-exec-'));
  try {
    const cwd = path.join(root, 'work');
    await mkdir(cwd, { recursive: true });
    const base = { PATH: process.env['PATH'], LANG: 'C.UTF-8', HOME: root, OPENAI_API_KEY: 'sk-bench', MOCK_API_KEY: 'dummy' };
    const custom = (url: string): string => `model_provider = "mock"\n[model_providers.mock]\nname = "Mock"\nbase_url = "${url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`;
    // The generation is set: weft's default is about to change.
    const setups = [
      { name: 'built-in provider, WebSocket', config: `openai_base_url = "${withWs.url}"\n` },
      { name: 'built-in provider, 426 then HTTP', config: `openai_base_url = "${withoutWs.url}"\n` },
      { name: 'custom provider, HTTP', config: custom(withoutWs.url) },
    ];
    const codex = codexBinary();
    const variants: Variant[] = [
      { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'], env: base, times: [] },
      { label: 'bare exchange', cmd: process.execPath, args: [BARE, `${withoutWs.url}/responses`, path.join(root, 'bare.jsonl')], env: base, expect: 'turn.completed', times: [] },
    ];
    const rows: { name: string; weft: Variant; codex?: Variant }[] = [];
    for (const [i, s] of setups.entries()) {
      const weftHome = await home(path.join(root, `weft-${i}`), `compat = "codex-0.169"\n${s.config}`);
      const weft: Variant = { label: `weft: ${s.name}`, cmd: process.execPath, args: [BIN, 'exec', '--json', '--skip-git-repo-check', 'hi'], env: { ...base, WEFT_HOME: weftHome }, expect: '"turn.completed"', times: [] };
      variants.push(weft);
      let codexRun: Variant | undefined;
      if (codex) {
        const codexHome = await home(path.join(root, `codex-${i}`), s.config);
        codexRun = { label: `Codex ${CODEX_VERSION}: ${s.name}`, cmd: codex, args: ['exec', '--json', '--skip-git-repo-check', 'hi'], env: { ...base, CODEX_HOME: codexHome }, expect: '"turn.completed"', times: [] };
        variants.push(codexRun);
      }
      rows.push({ name: s.name, weft, ...(codexRun ? { codex: codexRun } : {}) });
    }
    // A/B of the start-up tricks, over the built-in provider's WebSocket.
    const wsWeft = rows[0]?.weft as Variant;
    const noCache: Variant = { ...wsWeft, label: 'weft, code cache off (WEFT_CODE_CACHE=0)', env: { ...wsWeft.env, WEFT_CODE_CACHE: '0' }, times: [] };
    const unbundled: Variant = {
      ...wsWeft,
      label: 'weft, no bundle (dist/src modules)',
      args: ['--input-type=module', '-e', `import { main, processIo } from ${JSON.stringify(path.join(ROOT, 'dist', 'src', 'cli', 'main.js'))}; process.exitCode = await main(process.argv.slice(1), processIo());`, 'exec', '--json', '--skip-git-repo-check', 'hi'],
      times: [],
    };
    variants.push(noCache, unbundled);
    // One of each first: disk caches warm, and each engine's first-run work (caches it keeps) done.
    for (const v of variants) await timed(v, cwd);
    for (let r = 0; r < RUNS; r++) for (const v of variants) v.times.push(await timed(v, cwd));
    console.log(`load average after: ${loadAverage()}`);
    const n = median(variants[0]?.times ?? []);
    const b = median(variants[1]?.times ?? []);
    console.log(`node -e 0: ${n.toFixed(0)} ms; a bare Node program doing the exchange (bare-exchange.cjs): ${b.toFixed(0)} ms`);
    for (const row of rows) {
      const w = median(row.weft.times);
      const range = `${Math.min(...row.weft.times).toFixed(0)}–${Math.max(...row.weft.times).toFixed(0)}`;
      const c = row.codex ? median(row.codex.times) : undefined;
      console.log(
        `${row.name}: weft ${w.toFixed(0)} ms (range ${range}, ${(w / n).toFixed(2)}× node -e 0)` +
          (c !== undefined ? `; Codex ${CODEX_VERSION} ${c.toFixed(0)} ms; weft vs Codex ${(w / c).toFixed(2)}× (target ≤ 0.5×)` : `; Codex ${CODEX_VERSION} not installed`),
      );
    }
    const ws = median(wsWeft.times);
    for (const v of [noCache, unbundled]) {
      const m = median(v.times);
      console.log(`  A/B over the WebSocket: ${v.label}: ${m.toFixed(0)} ms, ${(m - ws).toFixed(0)} ms more than weft as built`);
    }
  } finally {
    for (const m of mocks) await m.close();
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchExecStartup();
