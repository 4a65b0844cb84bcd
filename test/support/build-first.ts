// Vitest global setup: runs `npm run build` before any test, so the tests that spawn `bin/weft.js`
// run the build as users get it, never one left over from older sources.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  // A run of suites that spawn no build (.ci/security-as-user runs test/security alone) may skip it.
  if (process.env['WEFT_TEST_SKIP_BUILD'] === '1') return;
  const root = fileURLToPath(new URL('../../', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
}
