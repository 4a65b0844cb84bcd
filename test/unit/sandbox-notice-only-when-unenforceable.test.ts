import { describe, expect, it } from 'vitest';
import { sandboxNotice } from '../../src/tools/sandbox-notice.js';
import { bwrapWorks } from '../support/bwrap.js';

const NO_BWRAP = { PATH: '/usr/bin:/bin', WEFT_BWRAP: '/nonexistent/bwrap' };

describe('sandboxNotice', () => {
  it('is silent for danger-full-access, even without bwrap', async () => {
    expect(await sandboxNotice('danger-full-access', NO_BWRAP)).toBeNull();
  });

  it('says why the sandbox cannot be enforced and how to fix it', async () => {
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const text = await sandboxNotice(mode, NO_BWRAP);
      expect(text).toContain(`"${mode}"`);
      expect(text).toContain('/nonexistent/bwrap does not exist');
      expect(text).toContain('apt-get install bubblewrap');
      expect(text).not.toMatch(/\n$/);
    }
  });

  it.skipIf(!bwrapWorks)('is silent when bwrap works', async () => {
    expect(await sandboxNotice('read-only', process.env)).toBeNull();
  });
});
