// command/exec (0.169): a standalone command run as the model's commands run, in the sandbox of the
// server's configuration (workspace-write here, through bubblewrap, the 0.169 profile's mechanism):
// - buffered: stdout and stderr apart, the exit code; a write outside the workspace is refused by
//   the sandbox (the attack), inside it succeeds;
// - streamed with stdin: command/exec/write feeds the process, outputDelta notifications carry its
//   output (not repeated in the answer), closeStdin ends it;
// - on a PTY: the terminal is one, resizable, and terminate ends a process that would run forever;
// - refusals in Codex's words: an empty command, streaming without a processId, an unknown process.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type InProcessClient } from '../../support/appserver-client.js';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import { mockProviderTable } from '../../support/appserver-workspace.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';

const bwrap = MECHANISMS.find((m) => m.profile === 'codex-0.169')!;
const openServer = appServer0169Sessions();

const open = () =>
  openServer((ws, url) => writeFile(join(ws.codexHome, 'config.toml'), `model = "mock-model"\nmodel_provider = "mock"\nsandbox_mode = "workspace-write"\n${mockProviderTable(url)}`));

const message = errorMessage;
const deltas = (c: InProcessClient, processId: string, from: number): string =>
  c.received
    .slice(from)
    .filter((m) => m.method === 'command/exec/outputDelta' && (m.params as { processId: string }).processId === processId)
    .map((m) => Buffer.from((m.params as { deltaBase64: string }).deltaBase64, 'base64').toString('utf8'))
    .join('');

describe.skipIf(bwrap.skipReason !== undefined)('command/exec', () => {
  it('buffered: output, exit code, and the sandbox refuses a write outside the workspace', async () => {
    const { c, ws } = await open();
    const guarded = ['.git', '.codex', '.agents'];
    const present = (): string[] => guarded.filter((name) => existsSync(join(ws.cwd, name)));
    const before = present();
    expect(ok(await c.request('command/exec', { command: ['bash', '-c', 'echo out; echo err >&2; exit 3'] }))).toEqual({ exitCode: 3, stdout: 'out\n', stderr: 'err\n' });
    expect(ok<{ exitCode: number }>(await c.request('command/exec', { command: ['touch', join(ws.cwd, 'inside')], sandboxPolicy: { type: 'workspaceWrite', excludeSlashTmp: true, excludeTmpdirEnvVar: true } })).exitCode).toBe(0);
    const inside = ok<{ exitCode: number }>(await c.request('command/exec', { command: ['touch', join(ws.cwd, 'made')] }));
    expect(inside.exitCode).toBe(0);
    expect(existsSync(join(ws.cwd, 'made'))).toBe(true);
    // The temporary folders are writable under the default policy: without them, only the workspace is.
    const policy = { type: 'workspaceWrite', excludeSlashTmp: true, excludeTmpdirEnvVar: true };
    const outside = ok<{ exitCode: number; stderr: string }>(await c.request('command/exec', { command: ['touch', join(ws.root, 'escaped')], sandboxPolicy: policy }));
    expect(outside.exitCode).not.toBe(0);
    expect(outside.stderr).toMatch(bwrap.refusedWrite);
    expect(existsSync(join(ws.root, 'escaped'))).toBe(false);
    // The read-only guards the sandbox put on missing .git/.codex/.agents go with the commands.
    expect(present()).toEqual(before);
  });

  it('streamed: stdin written, output as deltas only, closeStdin ends it', async () => {
    const { c } = await open();
    const from = c.received.length;
    const answer = c.request('command/exec', { command: ['cat'], processId: 'p1', streamStdin: true, streamStdoutStderr: true });
    ok(await c.request('command/exec/write', { processId: 'p1', deltaBase64: Buffer.from('hello\n').toString('base64') }));
    await c.until((m) => m.method === 'command/exec/outputDelta', from);
    ok(await c.request('command/exec/write', { processId: 'p1', closeStdin: true }));
    expect(ok(await answer)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(c.received.slice(from).filter((m) => m.method === 'command/exec/outputDelta').every((m) => (m.params as { stream: string }).stream === 'stdout')).toBe(true);
    expect(deltas(c, 'p1', from)).toBe('hello\n');
  });

  it('PTY: a terminal of the asked size, resized, terminated', async () => {
    const { c } = await open();
    const from = c.received.length;
    const answer = c.request('command/exec', { command: ['bash', '-c', 'stty size; read line; stty size; sleep 1000'], processId: 't1', tty: true, size: { rows: 10, cols: 40 } });
    await c.until(() => deltas(c, 't1', from).includes('10 40'), from);
    ok(await c.request('command/exec/resize', { processId: 't1', size: { rows: 20, cols: 60 } }));
    ok(await c.request('command/exec/write', { processId: 't1', deltaBase64: Buffer.from('\r').toString('base64') }));
    await c.until(() => deltas(c, 't1', from).includes('20 60'), from);
    ok(await c.request('command/exec/terminate', { processId: 't1' }));
    expect(ok<{ exitCode: number }>(await answer).exitCode).not.toBe(0);
  });

  it('refuses what Codex refuses, in its words', async () => {
    const { c } = await open();
    expect(message(await c.request('command/exec', { command: [] }))).toBe('command must not be empty');
    expect(message(await c.request('command/exec', { command: ['cat'], tty: true }))).toBe('command/exec tty or streaming requires a client-supplied processId');
    expect(message(await c.request('command/exec/write', { processId: 'nope', deltaBase64: 'aGkK' }))).toBe('no active command/exec for process id "nope"');
  });
});
