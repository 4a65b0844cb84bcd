// The package is what users install: `import 'weft'` must reach the compiled build (plain JavaScript
// with type declarations), not TypeScript sources that only tsx could run. The global setup has just
// built dist/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('package exports', () => {
  it('resolve `weft` to the compiled library, which plain Node imports', () => {
    // A package may import itself by name: this is the resolution an installed copy gets.
    const script = "const url = import.meta.resolve('weft'); const m = await import('weft'); console.log(JSON.stringify({ url, weft: typeof m.Weft }));";
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const { url, weft } = JSON.parse(out) as { url: string; weft: string };
    expect(fileURLToPath(url)).toBe(`${ROOT}dist/src/index.js`);
    expect(weft).toBe('function');
  });

  it('ship type declarations beside it', () => {
    expect(existsSync(`${ROOT}dist/src/index.d.ts`)).toBe(true);
  });

  it('bundle each command into one file that runs on its own and finds weft\'s pack', async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), 'weft-bundle-'));
    try {
      // The thread commands' bundle opens the engine: config, profile and weft's own pack, found
      // from dist/bundle/. Plain `require`: a bundle is an ordinary CommonJS file, whatever loads it.
      const script = "const m = require('./dist/bundle/thread.cjs'); m.main(['thread', 'list', '--json'], m.processIo()).then((code) => { process.exitCode = code; });";
      const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home } });
      expect(JSON.parse(out)).toMatchObject({ threads: [] });
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
