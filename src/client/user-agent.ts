// Codex's user agent: `<originator>/<version> (<os> <os version>; <arch>) <terminal>`, followed by
// ` (<client>; <client version>)` when a client named itself (the app-server's `initialize`, and
// 0.169's exec, which names itself). The OS is the distribution as Codex reports it (`Debian
// 12.0.0`), read from /etc/os-release, else the kernel's name and release.
import { readFileSync } from 'node:fs';
import os from 'node:os';

const ARCH: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64', ia32: 'x86' };

export type UserAgentEnv = Readonly<Record<string, string | undefined>>;

let platformCache: string | undefined;

/** `Debian 12.0.0; x86_64`: computed once per process. */
export function platformInfo(): string {
  return (platformCache ??= `${osName()}; ${ARCH[os.arch()] ?? os.arch()}`);
}

function osName(): string {
  if (os.platform() !== 'linux') return `${os.type()} ${os.release()}`;
  try {
    const fields = new Map(
      readFileSync('/etc/os-release', 'utf8')
        .split('\n')
        .map((line) => line.match(/^([A-Z_]+)=("?)(.*)\2$/))
        .flatMap((m) => (m ? [[m[1] as string, m[3] as string] as const] : [])),
    );
    const id = fields.get('ID');
    if (!id) return `${os.type()} ${os.release()}`;
    const name = id.charAt(0).toUpperCase() + id.slice(1);
    const parts = (fields.get('VERSION_ID') ?? '').split('.').filter((p) => /^\d+$/.test(p)).map(Number);
    if (parts.length === 0) return name;
    while (parts.length < 3) parts.push(0);
    return `${name} ${parts.slice(0, 3).join('.')}`;
  } catch {
    return `${os.type()} ${os.release()}`;
  }
}

/** The terminal part: TERM_PROGRAM, else TERM, else `unknown`. */
function terminal(env: UserAgentEnv): string {
  return env.TERM_PROGRAM || env.TERM || 'unknown';
}

export function codexUserAgent(originator: string, version: string, env: UserAgentEnv, client?: { readonly name: string; readonly version: string }): string {
  const base = `${originator}/${version} (${platformInfo()}) ${terminal(env)}`;
  return client ? `${base} (${client.name}; ${client.version})` : base;
}
