// A writable root given in config.toml and again with `--add-dir` is one root: the permissions text
// and turn_context's sandbox_policy list it once, in the order first given, as Codex does (variants
// 0.98-p-add-dir and 0.169-p-add-dir).
import { describe, expect, it } from 'vitest';
import { sandboxPolicyFor } from '../../../src/config/resolve-settings.js';

describe('sandboxPolicyFor', () => {
  it('lists each writable root once, config.toml first, then the extra ones', () => {
    const config = { sandbox_workspace_write: { writable_roots: ['/extra', '/other'] } };
    expect(sandboxPolicyFor('workspace-write', config, ['/extra', '/third', '/third'])).toMatchObject({
      type: 'workspace-write',
      writable_roots: ['/extra', '/other', '/third'],
    });
  });
});
