// Vitest global setup: runs `npm run build` before any test, so the tests that spawn `bin/weft.js`
// run the build as users get it, never one left over from older sources.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
}
