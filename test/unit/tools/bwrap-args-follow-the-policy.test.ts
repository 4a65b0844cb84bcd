import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../../src/tools/sandbox/bwrap-args.js';

const cmd = ['/bin/bash', '-lc', 'ls'];
const USER = { uid: 1000, helper: '/weft/helper' };
const HEAD = ['--new-session', '--die-with-parent', '--unshare-user', '--cap-drop', 'ALL'];

describe('bwrap arguments', () => {
  it('read-only: the whole file system read-only, a fresh /dev and /proc, no network behind the seccomp helper, own user and pid namespaces', () => {
    expect(bwrapArgs({ type: 'read-only' }, [], cmd, USER)).toEqual([
      ...HEAD,
      '--ro-bind', '/', '/', '--dev', '/dev',
      '--unshare-pid', '--unshare-net', '--proc', '/proc',
      '--', '/weft/helper', '--no-landlock', '--no-network', '--', ...cmd,
    ]);
  });

  it('workspace-write: writable roots bound after the read-only root, protected sub-paths bound read-only last', () => {
    const roots = [
      { root: '/w', readOnlySubpaths: ['/w/.git'], missingProtected: [] },
      { root: '/tmp', readOnlySubpaths: [], missingProtected: [] },
    ];
    const args = bwrapArgs({ type: 'workspace-write', network_access: true, exclude_slash_tmp: false, exclude_tmpdir_env_var: false }, roots, cmd, USER);
    expect(args).toEqual([
      ...HEAD,
      '--ro-bind', '/', '/', '--dev', '/dev',
      '--bind', '/w', '/w', '--bind', '/tmp', '/tmp',
      '--ro-bind', '/w/.git', '/w/.git',
      '--unshare-pid', '--proc', '/proc',
      '--', ...cmd,
    ]);
  });

  it('a missing protected name gets an empty read-only tmpfs after the read-only binds, so it cannot be created', () => {
    const roots = [{ root: '/w', readOnlySubpaths: ['/w/.git'], missingProtected: ['/w/.codex', '/w/.agents'] }];
    const args = bwrapArgs({ type: 'workspace-write', network_access: true, exclude_slash_tmp: true, exclude_tmpdir_env_var: true }, roots, cmd, USER);
    expect(args.slice(args.indexOf('--bind'), args.indexOf('--unshare-pid'))).toEqual([
      '--bind', '/w', '/w',
      '--ro-bind', '/w/.git', '/w/.git',
      '--tmpfs', '/w/.codex', '--remount-ro', '/w/.codex',
      '--tmpfs', '/w/.agents', '--remount-ro', '/w/.agents',
    ]);
  });

  it('without network access the network namespace is unshared and the command runs behind the socket filter', () => {
    const args = bwrapArgs({ type: 'workspace-write', network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true }, [], cmd, USER);
    expect(args).toContain('--unshare-net');
    expect(args.slice(args.indexOf('--') + 1)).toEqual(['/weft/helper', '--no-landlock', '--no-network', '--', ...cmd]);
    expect(() => bwrapArgs({ type: 'read-only' }, [], cmd, { uid: 1000 })).toThrow(/seccomp helper/);
  });

  it('run by root: an unprivileged uid and gid inside, every capability dropped', () => {
    const args = bwrapArgs({ type: 'read-only' }, [], cmd, { uid: 0, helper: '/weft/helper' });
    expect(args.slice(0, 9)).toEqual(['--new-session', '--die-with-parent', '--unshare-user', '--uid', '65534', '--gid', '65534', '--cap-drop', 'ALL']);
  });
});
