// pg (node-postgres) is for the Postgres thread store only. Loaded at start, it cost every `weft exec`
// about 50 ms (its stream module probes for other runtimes when it is evaluated), so every module
// that needs it imports it with `await import('pg')` where a connection opens. This pins that the
// CLI's and the library's whole static import graph leaves pg unloaded, and that the check sees pg
// once something does load it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const probe = (afterImports: string): { pgLoaded: boolean } =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Module from 'node:module';
         await import(${JSON.stringify(path.join(ROOT, 'dist', 'src', 'index.js'))});
         await import(${JSON.stringify(path.join(ROOT, 'dist', 'src', 'cli', 'main.js'))});
         await import(${JSON.stringify(path.join(ROOT, 'dist', 'src', 'app-server', 'app-server.js'))});
         ${afterImports}
         const pgLoaded = Object.keys(Module._cache).some((file) => file.includes('/node_modules/pg/'));
         console.log(JSON.stringify({ pgLoaded }));`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    ),
  ) as { pgLoaded: boolean };

it('importing the CLI, the library and the app-server loads no pg; a Postgres connection would', () => {
  expect(probe('')).toEqual({ pgLoaded: false });
  expect(probe(`await import('pg');`)).toEqual({ pgLoaded: true });
});
