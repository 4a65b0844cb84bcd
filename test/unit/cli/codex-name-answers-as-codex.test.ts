// Started as `codex` (a link to weft's bin first on a client's PATH), weft answers as Codex does:
// `--version` in Codex's form, one stderr line and a failure where Codex would open its interactive
// UI, and Codex's session commands (archive, unarchive, delete) with Codex's confirmations. Each is
// compared with the real Codex 0.171 where it can run here.
import { spawn } from 'node:child_process';
import { readFile, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { textReply } from '../../../src/testing/index.js';
import { CODEX_0171, normalizeCliText, runCodex, runWeft, type CliCase, type CliRun } from '../../support/codex-cli-pair.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

function io(programName?: string) {
  const out: string[] = [];
  const err: string[] = [];
  return { env: {}, cwd: process.cwd(), isTty: false, programName, stdout: (l: string) => void out.push(l), stderr: (l: string) => void err.push(l), out, err };
}

describe('as codex', () => {
  it('--version is `codex-cli X.Y.Z`; as weft it keeps weft’s own line', async () => {
    const c = io('codex');
    expect(await main(['--version'], c)).toBe(0);
    expect(c.out).toEqual([expect.stringMatching(/^codex-cli \d+\.\d+\.\d+$/)]);
    const w = io('weft');
    await main(['--version'], w);
    expect(w.out[0]).toMatch(/^weft \d/);
  });

  it('no subcommand, a bare prompt, or the interactive resume: one stderr line and exit 1', async () => {
    for (const argv of [[], ['fix the bug'], ['resume', '--last']]) {
      const c = io('codex');
      expect(await main(argv, c), argv.join(' ')).toBe(1);
      expect(c.err, argv.join(' ')).toHaveLength(1);
      expect(c.err[0]).toMatch(/interactive/);
      expect(c.out).toEqual([]);
    }
  });

  it('the bin started through a `codex` symlink reports Codex’s version', async () => {
    const dir = await tempDir('weft-codex-link-');
    const link = path.join(dir, 'codex');
    await symlink(path.resolve('bin/weft.js'), link);
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [link, '--version'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, WEFT_CODE_CACHE: '0' } });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    expect(out).toMatch(/^codex-cli \d+\.\d+\.\d+\n$/);
  });
});

describe.skipIf(CODEX_0171 === undefined)('beside the real Codex 0.171', () => {
  it('--version gives the same line', async () => {
    const c: CliCase = { args: ['--version'], reply: () => textReply('') };
    const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
    expect(weft.stdout).toBe(codex.stdout);
  });

  it('archive, unarchive and delete --force of a session print the same confirmations and move the same files', async () => {
    const steps = (id: string) => [['archive', id], ['unarchive', id], ['archive', id], ['delete', '--force', id]];
    const run = async (runner: (c: CliCase) => Promise<CliRun>) => {
      let home = '';
      let id = '';
      const outputs: string[] = [];
      const first = await runner({ args: ['exec', '--skip-git-repo-check', 'hi'], reply: () => textReply('ok') });
      home = first.home;
      id = /^session id: (\S+)$/m.exec(first.stderr)?.[1] ?? '';
      for (const args of steps(id)) {
        const r = await runner({ args, reply: () => textReply(''), prepare: async (_repo, h) => copyHome(home, h) });
        outputs.push(`${r.code} ${normalizeCliText(r.stdout, r).replace(id, '<id>')}`);
        home = r.home;
        const files = (await readdir(home, { recursive: true })).filter((f) => f.endsWith('.jsonl')).map((f) => f.split('/')[0]);
        outputs.push(files.join(','));
      }
      return outputs;
    };
    expect(await run(runWeft)).toEqual(await run((c) => runCodex(CODEX_0171 as string, c)));
  });
});

/** The sessions of one home copied into another (each run gets a fresh home). */
async function copyHome(from: string, to: string): Promise<void> {
  const { cp } = await import('node:fs/promises');
  for (const dir of ['sessions', 'archived_sessions']) await cp(path.join(from, dir), path.join(to, dir), { recursive: true }).catch(() => undefined);
  await readFile(path.join(to, 'config.toml'));
}
