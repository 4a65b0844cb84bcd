import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../../src/tools/sandbox/bwrap-args.js';

const cmd = ['/bin/bash', '-lc', 'ls'];

describe('bwrap arguments', () => {
  it('read-only: the whole file system read-only, a fresh /dev and /proc, no network, own pid namespace', () => {
    expect(bwrapArgs({ type: 'read-only' }, [], cmd)).toEqual([
      '--new-session', '--die-with-parent',
      '--ro-bind', '/', '/', '--dev', '/dev',
      '--unshare-pid', '--unshare-net', '--proc', '/proc',
      '--', ...cmd,
    ]);
  });

  it('workspace-write: writable roots bound after the read-only root, protected sub-paths bound read-only last', () => {
    const roots = [
      { root: '/w', readOnlySubpaths: ['/w/.git'] },
      { root: '/tmp', readOnlySubpaths: [] },
    ];
    const args = bwrapArgs({ type: 'workspace-write', network_access: true, exclude_slash_tmp: false, exclude_tmpdir_env_var: false }, roots, cmd);
    expect(args).toEqual([
      '--new-session', '--die-with-parent',
      '--ro-bind', '/', '/', '--dev', '/dev',
      '--bind', '/w', '/w', '--bind', '/tmp', '/tmp',
      '--ro-bind', '/w/.git', '/w/.git',
      '--unshare-pid', '--proc', '/proc',
      '--', ...cmd,
    ]);
  });

  it('without network access the network namespace is unshared', () => {
    const args = bwrapArgs({ type: 'workspace-write', network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true }, [], cmd);
    expect(args).toContain('--unshare-net');
  });
});
