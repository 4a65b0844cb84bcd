import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import type { SandboxMechanism } from '../../../src/tools/sandbox/sandbox-mechanism.js';
import { runSandboxed } from '../../support/run-sandboxed.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';

let server: net.Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

async function listen(): Promise<number> {
  server = net.createServer((socket) => socket.end('hello\n'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
}

async function connect(policy: SandboxPolicy, port: number, mechanism: SandboxMechanism) {
  // bash's /dev/tcp: a plain TCP connect, no extra tool needed.
  return runSandboxed(['/bin/bash', '-c', `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`], os.tmpdir(), { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, policy, mechanism);
}

const ws = (network_access: boolean): SandboxPolicy => ({ type: 'workspace-write', network_access, exclude_tmpdir_env_var: false, exclude_slash_tmp: false });

describe.each(MECHANISMS)('network in the sandbox: $mechanism.label ($profile)', ({ mechanism, skipReason, refusedConnect }) => {
  it.skipIf(skipReason !== undefined)('cannot connect to a 127.0.0.1 port without network access', async () => {
    const port = await listen();
    for (const policy of [{ type: 'read-only' } as const, ws(false)]) {
      const run = await connect(policy, port, mechanism);
      expect(run.exitCode).not.toBe(0);
      expect(run.output).toMatch(refusedConnect);
      expect(run.output).not.toContain('hello');
    }
  });

  it.skipIf(skipReason !== undefined)('connects when the policy grants network access', async () => {
    const port = await listen();
    const run = await connect(ws(true), port, mechanism);
    expect(run.exitCode).toBe(0);
    expect(run.output).toBe('hello\n');
  });
});
