import { describe, expect, it } from 'vitest';
import { sandboxNotice } from '../../../src/tools/sandbox-notice.js';
import { BUBBLEWRAP, LANDLOCK } from '../../support/sandbox-mechanisms.js';

// Each mechanism pointed at a program that does not exist, with what its notice must say.
const BROKEN = [
  { ...BUBBLEWRAP, env: { PATH: '/usr/bin:/bin', WEFT_BWRAP: '/nonexistent/bwrap' }, why: '/nonexistent/bwrap does not exist', fix: 'apt-get install bubblewrap' },
  {
    ...LANDLOCK,
    env: { PATH: '/usr/bin:/bin', WEFT_LANDLOCK_HELPER: '/nonexistent/weft-landlock-exec' },
    why: 'the Landlock helper /nonexistent/weft-landlock-exec is not built',
    fix: 'scripts/build-landlock-helper.mjs',
  },
];

describe.each(BROKEN)('sandboxNotice: $mechanism.label ($profile)', ({ mechanism, env, why, fix, skipReason }) => {
  it('is silent for danger-full-access, even when the sandbox cannot run', async () => {
    expect(await sandboxNotice('danger-full-access', mechanism, env)).toBeNull();
  });

  it('says why the sandbox cannot be enforced and how to fix it', async () => {
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const text = await sandboxNotice(mode, mechanism, env);
      expect(text).toContain(`"${mode}"`);
      expect(text).toContain(why);
      expect(text).toContain(fix);
      expect(text).not.toMatch(/\n$/);
    }
  });

  it.skipIf(skipReason !== undefined)('is silent when the sandbox works', async () => {
    expect(await sandboxNotice('read-only', mechanism, process.env)).toBeNull();
  });
});
