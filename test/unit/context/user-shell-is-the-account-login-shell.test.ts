// The shell the model is told about (and that runs its commands) is the account's login shell, as
// Codex reads it from the passwd entry, not `$SHELL`: with SHELL=/bin/zsh or /bin/sh the real Codex
// still says bash for an account whose shell is bash. An unknown or missing login shell falls back
// to bash, then zsh, found on the PATH.
import { describe, expect, it } from 'vitest';
import { shellKind, userShell } from '../../../src/context/user-shell.js';

const deps = (login: string | undefined, existing: string[]) => ({ loginShell: () => login, isExecutable: (f: string) => existing.includes(f) });

describe('userShell', () => {
  it('is the login shell, whatever $SHELL says', () => {
    expect(userShell({ SHELL: '/bin/sh', PATH: '/usr/bin:/bin' }, deps('/bin/bash', ['/bin/bash', '/bin/sh']))).toEqual({ name: 'bash', path: '/bin/bash' });
    expect(userShell({ SHELL: '/bin/bash' }, deps('/usr/bin/zsh', ['/usr/bin/zsh', '/bin/bash']))).toEqual({ name: 'zsh', path: '/usr/bin/zsh' });
  });

  it('falls back to bash on the PATH when the login shell is unknown or missing', () => {
    expect(userShell({ PATH: '/opt/bin' }, deps('/usr/sbin/nologin', ['/opt/bin/bash']))).toEqual({ name: 'bash', path: '/opt/bin/bash' });
    expect(userShell({ PATH: '/usr/bin' }, deps('/bin/zsh', ['/usr/bin/bash']))).toEqual({ name: 'bash', path: '/usr/bin/bash' });
    expect(userShell({}, deps(undefined, ['/bin/zsh']))).toEqual({ name: 'zsh', path: '/bin/zsh' });
    expect(userShell({}, deps(undefined, []))).toEqual({ name: 'sh', path: '/bin/sh' });
  });

  it('knows shells by file stem', () => {
    expect(shellKind('/usr/local/bin/bash')).toBe('bash');
    expect(shellKind('pwsh.exe')).toBe('powershell');
    expect(shellKind('/usr/bin/fish')).toBeUndefined();
  });
});
