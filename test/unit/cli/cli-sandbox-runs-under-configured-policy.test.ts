import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(config: string) {
  const root = mkdtempSync(path.join(process.cwd(), '.weft-cli-sbx-'));
  dirs.push(root);
  const home = path.join(root, 'home');
  const cwd = path.join(root, 'work');
  mkdirSync(home);
  mkdirSync(cwd);
  writeFileSync(path.join(home, 'config.toml'), config);
  const err: string[] = [];
  const io = { env: { PATH: process.env['PATH'], WEFT_HOME: home, HOME: home }, cwd, stdout: () => {}, stderr: (l: string) => err.push(l) };
  return { cwd, io, err };
}

// The command's output goes to the terminal, so the scripts turn what they see into their exit code.
describe.each(MECHANISMS)('weft sandbox -- CMD under $profile: $mechanism.label', ({ profile, skipReason, refusedWrite }) => {
  const compat = `compat = "${profile}"\n`;

  it.skipIf(skipReason !== undefined)("runs the command under the configured read-only policy, with the profile's mechanism", async () => {
    const { cwd, io } = setup(`${compat}sandbox_mode = "read-only"\n`);
    const code = await main(['sandbox', '--', '/bin/sh', '-c', `touch made 2>&1 | grep -q '${refusedWrite.source}'`], io);
    expect(code).toBe(0);
    expect(existsSync(path.join(cwd, 'made'))).toBe(false);
  });

  it.skipIf(skipReason !== undefined)('follows -s over the config', async () => {
    const { cwd, io } = setup(`${compat}sandbox_mode = "read-only"\n`);
    const code = await main(['sandbox', '-s', 'workspace-write', '--', '/bin/sh', '-c', 'touch made'], io);
    expect(code).toBe(0);
    expect(existsSync(path.join(cwd, 'made'))).toBe(true);
  });

  it.skipIf(skipReason !== undefined)('leaves no guard of a missing .git, .codex or .agents behind once the command has exited', async () => {
    const { cwd, io } = setup(`${compat}sandbox_mode = "workspace-write"\n`);
    const code = await main(['sandbox', '--', '/bin/sh', '-c', 'touch made'], io);
    expect(code).toBe(0);
    expect(readdirSync(cwd)).toEqual(['made']);
  });
});

describe('weft sandbox', () => {
  it('needs a command', async () => {
    const { io, err } = setup('');
    expect(await main(['sandbox'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/a command to run is needed/);
  });
});
