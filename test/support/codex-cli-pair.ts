// Runs one `codex …` command line through the real Codex binary and through weft's `main`, each on a
// fresh home and repository of its own with a loopback mock Responses server as the provider, and
// returns both outputs with what differs by nature (ids, temporary paths, durations, Codex's own
// start-up chatter about its install) put in common form.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { startMockResponsesServer, type CapturedRequest, type MockReply } from '../../src/testing/index.js';
import { findCodexBinary } from '../conformance/codex-binary-driver.js';
import { tempDir } from './temp-tree.js';

export const CODEX_0171 = findCodexBinary('0.171.0');

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly requests: readonly CapturedRequest[];
  readonly home: string;
  readonly repo: string;
}

export interface CliCase {
  readonly args: readonly string[];
  /** The i-th model request's reply. */
  readonly reply: (index: number, req: CapturedRequest) => MockReply;
  /** More config.toml lines. */
  readonly config?: string;
  /** Prepares the repository (files, a git repo) before the run. */
  readonly prepare?: (repo: string, home: string) => Promise<void>;
  /** More environment, given the mock's base URL. */
  readonly env?: (mockUrl: string) => Record<string, string>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Ids, the run's directories and durations in common form; Codex's notes about its own install dropped. */
export function normalizeCliText(text: string, run: Pick<CliRun, 'home' | 'repo'>): string {
  return text
    .split('\n')
    .filter((l) => !l.startsWith('WARNING: proceeding, even though') && l !== 'Reading additional input from stdin...')
    .join('\n')
    .split(run.repo)
    .join('<repo>')
    .split(run.home)
    .join('<home>')
    .replace(UUID, '<id>')
    .replace(/ in \d+(\.\d+)?(ms|s)\b/g, ' in <t>')
    .replace(/ in \d+m \d\ds\b/g, ' in <t>');
}

function config(url: string, extra = ''): string {
  return `model = "gpt-5.5"\nmodel_provider = "mock"\n${extra}\n[model_providers.mock]\nname = "Mock"\nbase_url = "${url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n`;
}

async function setUp(c: CliCase): Promise<{ home: string; repo: string; env: Record<string, string>; mock: Awaited<ReturnType<typeof startMockResponsesServer>> }> {
  const mock = await startMockResponsesServer({
    respond: (req, i) => (req.path.endsWith('/models') ? { status: 200, json: { models: [] } } : c.reply(i, req)),
  });
  const home = await tempDir('weft-cli-home-');
  const repo = await tempDir('weft-cli-repo-');
  await writeFile(path.join(home, 'config.toml'), config(mock.url, c.config));
  await c.prepare?.(repo, home);
  return { home, repo, mock, env: { ...baseEnv(home), ...c.env?.(mock.url) } };
}

function baseEnv(home: string): Record<string, string> {
  return { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: home, CODEX_HOME: home, WEFT_HOME: home, MOCK_API_KEY: 'k', SHELL: '/bin/bash' };
}

/** The command line through the real Codex at `binary`. */
export async function runCodex(binary: string, c: CliCase): Promise<CliRun> {
  const { home, repo, mock, env } = await setUp(c);
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(binary, [...c.args], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('close', (n) => resolve({ code: n ?? -1, stdout: out, stderr: err }));
    });
    return { code, stdout, stderr, requests: [...mock.requests], home, repo };
  } finally {
    await mock.close();
  }
}

/** The command line through weft's `main`, in this process, as a process invoked as `codex` would run it. */
export async function runWeft(c: CliCase, programName = 'codex'): Promise<CliRun> {
  const { home, repo, mock, env } = await setUp(c);
  try {
    let stdout = '';
    let stderr = '';
    const io = {
      env,
      cwd: repo,
      isTty: false,
      programName,
      readStdin: async () => '',
      stdout: (l: string) => void (stdout += `${l}\n`),
      stderr: (l: string) => void (stderr += `${l}\n`),
    };
    const code = await main([...c.args], io);
    return { code, stdout, stderr, requests: [...mock.requests], home, repo };
  } finally {
    await mock.close();
  }
}
