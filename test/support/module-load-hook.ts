// A child Node process with a module-loading hook that reports every file it loads: what tests
// about start-up cost look at (what a command or an import leaves unloaded).
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { tempDir } from './temp-tree.js';

/** Runs `script` (an ES module) in `cwd`; its stdout, and the URL of every file it loaded. */
export async function runWithLoadHook(script: string, cwd: string, env: Record<string, string> = {}): Promise<{ stdout: string; loaded: string[] }> {
  const dir = await tempDir();
  const hooks = path.join(dir, 'hooks.mjs');
  await writeFile(hooks, "export async function load(url, context, next) { process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n");
  const register = path.join(dir, 'register.mjs');
  await writeFile(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const child = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, '--input-type=module', '-e', script], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: dir, WEFT_HOME: dir, ...env },
  });
  expect(child.status, child.stderr).toBe(0);
  const loaded = child.stderr.split('\n').flatMap((line) => (line.startsWith('LOADED ') ? [line.slice('LOADED '.length)] : []));
  return { stdout: child.stdout, loaded };
}
