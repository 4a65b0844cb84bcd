// The user's shell, as Codex finds it: the login shell of the account (the passwd entry, not
// `$SHELL`), when it is a shell Codex knows and exists; otherwise bash, then zsh, found on the PATH;
// `/bin/sh` last. Its name goes into `<environment_context>`; its path runs the model's commands.
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface UserShell {
  /** `bash`, `zsh`, `sh`… as the model reads it. */
  readonly name: string;
  readonly path: string;
}

/** File stems Codex recognizes, and the name it gives each. */
const KNOWN_SHELLS: Readonly<Record<string, string>> = { bash: 'bash', zsh: 'zsh', sh: 'sh', pwsh: 'powershell', powershell: 'powershell', cmd: 'cmd' };

export interface UserShellDeps {
  /** The account's login shell (`os.userInfo().shell`), undefined when there is none. */
  readonly loginShell: () => string | undefined;
  readonly isExecutable: (file: string) => boolean;
}

function accountShell(): string | undefined {
  try {
    return os.userInfo().shell ?? undefined;
  } catch {
    return undefined; // no passwd entry for this uid (some containers)
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const defaults: UserShellDeps = { loginShell: accountShell, isExecutable };

/** `zsh` for `/usr/bin/zsh` or `zsh.exe`; undefined for a shell Codex does not know. */
export function shellKind(shellPath: string): string | undefined {
  const base = path.basename(shellPath);
  return KNOWN_SHELLS[base] ?? KNOWN_SHELLS[base.replace(/\.[^.]*$/, '')];
}

function onPath(name: string, env: Readonly<Record<string, string | undefined>>, exe: (f: string) => boolean): string | undefined {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter((d) => d !== '');
  for (const dir of [...dirs, '/bin', '/usr/bin']) {
    const candidate = path.join(dir, name);
    if (exe(candidate)) return candidate;
  }
  return undefined;
}

export function userShell(env: Readonly<Record<string, string | undefined>>, deps: UserShellDeps = defaults): UserShell {
  const login = deps.loginShell();
  const kind = login ? shellKind(login) : undefined;
  if (login && kind && deps.isExecutable(login)) return { name: kind, path: login };
  for (const name of ['bash', 'zsh']) {
    const found = onPath(name, env, deps.isExecutable);
    if (found) return { name, path: found };
  }
  return { name: 'sh', path: '/bin/sh' };
}
