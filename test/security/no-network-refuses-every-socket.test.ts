// Defect 6 of issue 34 (the brief's item 5): "no network" left ways out. Under bubblewrap an empty
// network namespace still reaches the Unix sockets of the file system (docker.sock, an ssh agent);
// under the Landlock helper a Unix datagram sent with sendmsg got out. Without network access no
// socket can be made, whatever its family; only a private socketpair works.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { runSandboxed } from '../support/run-sandboxed.js';
import { attackLayout, cleanAttackLayouts, CWD_ONLY } from '../support/security-fixtures.js';
import { MECHANISMS, type MechanismCase } from '../support/sandbox-mechanisms.js';

const PYTHON = '/usr/bin/python3';
const noPython = existsSync(PYTHON) ? undefined : `${PYTHON} is missing`;
if (noPython !== undefined) console.warn(`datagram tests skipped: ${noPython}`);

let server: net.Server | undefined;
let receiver: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
  receiver?.kill();
  receiver = undefined;
  cleanAttackLayouts();
});

const POLICIES: readonly SandboxPolicy[] = [{ type: 'read-only' }, CWD_ONLY];

function run(mech: MechanismCase, policy: SandboxPolicy, cwd: string, argv: string[]) {
  return runSandboxed(argv, cwd, { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, policy, mech.mechanism);
}

/** A stream socket on the file system that greets whoever connects (a docker.sock stand-in). */
async function unixServer(file: string): Promise<void> {
  server = net.createServer((socket) => socket.end('hello from outside\n'));
  server.listen(file);
  await once(server, 'listening');
}

/** A datagram socket on the file system (a syslog stand-in); its lines are the datagrams it got. */
async function datagramReceiver(file: string): Promise<AsyncIterator<string>> {
  const script = `import socket,sys\ns=socket.socket(socket.AF_UNIX,socket.SOCK_DGRAM)\ns.bind(sys.argv[1])\nprint('READY',flush=True)\nwhile True: print(s.recv(200).decode(),flush=True)`;
  receiver = spawn(PYTHON, ['-c', script, file]);
  const lines = createInterface({ input: receiver.stdout })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe('READY');
  return lines;
}

const SEND_WITH_SENDMSG = `import socket,sys\ns=socket.socket(socket.AF_UNIX,socket.SOCK_DGRAM)\ns.sendmsg([b'escaped'],[],0,sys.argv[1])\nprint('SENT')`;

describe.each(MECHANISMS)('sockets without network access under $mechanism.label ($profile)', (mech) => {
  it.skipIf(mech.skipReason !== undefined)('a Unix socket on the file system cannot be reached', async () => {
    const { cwd, outside } = attackLayout();
    const file = path.join(outside, 'daemon.sock');
    await unixServer(file);
    const connect = `require('node:net').connect(${JSON.stringify(file)}).on('data', (d) => process.stdout.write(d)).on('error', (e) => console.log(e.code))`;
    for (const policy of POLICIES) {
      const result = await run(mech, policy, cwd, [process.execPath, '-e', connect]);
      expect(result.output).not.toContain('hello from outside');
      expect(result.output).toMatch(/EPERM|EACCES/);
    }
  });

  it.skipIf(mech.skipReason !== undefined || noPython !== undefined)('a Unix datagram sent with sendmsg does not get out', async () => {
    const { cwd, outside } = attackLayout();
    const file = path.join(outside, 'log.sock');
    const lines = await datagramReceiver(file);
    for (const policy of POLICIES) {
      const result = await run(mech, policy, cwd, [PYTHON, '-c', SEND_WITH_SENDMSG, file]);
      expect(result.output).not.toContain('SENT');
    }
    // A datagram sent from outside afterwards is the first the receiver sees: none came before it.
    spawnSync(PYTHON, ['-c', SEND_WITH_SENDMSG.replace('escaped', 'sentinel'), file]);
    expect((await lines.next()).value).toBe('sentinel');
  });

  it.skipIf(mech.skipReason !== undefined)('a node program prints to its socketpair stdout', async () => {
    const { cwd } = attackLayout();
    const result = await run(mech, CWD_ONLY, cwd, [process.execPath, '-e', "console.log('printed')"]);
    expect(result.output).toBe('printed\n');
  });

  it.skipIf(mech.skipReason !== undefined)('a private socketpair still works (local IPC)', async () => {
    const { cwd } = attackLayout();
    const pair = `const { execFileSync } = require('node:child_process'); process.stdout.write(execFileSync('/bin/echo', ['paired']))`;
    // Plain write and read on the pair (sendto itself stays refused, as under Codex).
    const viaPython = `import os,socket\na,b=socket.socketpair()\nos.write(a.fileno(),b'paired')\nprint(os.read(b.fileno(),10).decode())`;
    const result = existsSync(PYTHON) ? await run(mech, CWD_ONLY, cwd, [PYTHON, '-c', viaPython]) : await run(mech, CWD_ONLY, cwd, [process.execPath, '-e', pair]);
    expect(result.output).toContain('paired');
  });
});
