#!/usr/bin/env node
// Builds weft's Landlock helper (native/landlock-exec.c → native/build/weft-landlock-exec), the
// sandbox of the codex-0.98 profile on Linux, which the codex-0.169 profile's bubblewrap sandbox also
// runs inside itself for its socket filter when commands have no network access. Run by `npm install` / `npm ci` (postinstall), by
// `npm run build` and by hand (`node scripts/build-landlock-helper.mjs`, `--force` to rebuild).
//
// Plain JavaScript on purpose: it runs at install, before anything is compiled, and in installs
// without tsx. It never fails the install: without a C compiler (or off Linux) it says what is
// missing and exits 0; weft then warns at start under codex-0.98 and refuses sandboxed commands.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const source = path.join(root, 'native', 'landlock-exec.c');
const target = path.join(root, 'native', 'build', 'weft-landlock-exec');

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function build() {
  if (process.platform !== 'linux') return; // Landlock is Linux's; nothing to build elsewhere.
  const built = mtime(target);
  if (!process.argv.includes('--force') && built !== undefined && built >= (mtime(source) ?? Infinity)) return;
  const cc = process.env.CC || 'cc';
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  const run = spawnSync(cc, ['-O2', '-Wall', '-Wextra', '-o', partial, source], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const said = (run.stderr ?? '').trim();
  if (run.status === 0) {
    renameSync(partial, target); // never leave a half-written helper where weft looks for it
    if (said !== '') process.stderr.write(`weft: the Landlock helper built with warnings:\n${said}\n`);
  } else {
    const detail = said || run.error?.message || `${cc} exited with ${run.status ?? run.signal}`;
    process.stderr.write(
      `weft: could not build the Landlock sandbox helper (${detail}).\n` +
        'weft: sandboxed commands will be refused until it is built (all of them under the codex-0.98 profile, those without ' +
        'network access under codex-0.169): install a C compiler ' +
        '(Debian/Ubuntu: `sudo apt-get install gcc libc6-dev`), then run `node scripts/build-landlock-helper.mjs`.\n',
    );
  }
}

try {
  build();
} catch (err) {
  process.stderr.write(`weft: could not build the Landlock sandbox helper: ${err instanceof Error ? err.message : String(err)}\n`);
}
