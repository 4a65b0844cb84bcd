// Codex's global options, as clients pass them before the subcommand: --enable/--disable FEATURE
// (unknown features warned about, not fatal), -c before the command applies to it, --version.
import { expect, test } from 'vitest';
import { splitGlobalOptions } from '../../../src/cli/global-options.js';
import { main } from '../../../src/cli/main.js';
import type { CliIo } from '../../../src/cli/cli-options.js';

function io(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { env: {}, cwd: process.cwd(), stdout: (l) => out.push(l), stderr: (l) => err.push(l), isTty: false, readStdin: async () => '', out, err };
}

test('global -c and features move behind the subcommand; an unknown feature is a warning', () => {
  const g = splitGlobalOptions(['--enable', 'web_search', '--disable', 'personality', '-c', 'model="m"', 'app-server', '--listen', 'stdio://', '-c', 'x=1']);
  expect(g.argv).toEqual(['app-server', '-c', 'features.web_search=true', '-c', 'features.personality=false', '-c', 'model="m"', '--listen', 'stdio://', '-c', 'x=1']);
  expect(g.warnings).toHaveLength(1);
  expect(g.warnings[0]).toMatch(/web_search/);
  expect(() => splitGlobalOptions(['--enable'])).toThrow(/--enable needs a value/);
});

test('weft --version prints the default profile’s Codex version first, then weft’s', async () => {
  const o = io();
  expect(await main(['--version'], o)).toBe(0);
  expect(o.out[0]).toMatch(/^weft \d+\.\d+\.\d+ \(weft \d+\.\d+\.\d+; compat codex-/);
});

test('an unknown feature does not stop the command', async () => {
  const o = io();
  expect(await main(['--enable', 'no_such_feature', 'app-server', '--help'], o)).toBe(0);
  expect(o.err.join('\n')).toMatch(/no_such_feature/);
  expect(o.out.join('\n')).toMatch(/--listen URL/);
});
