// Regression (conformance tool_exec_write_stdin under CI load): node-pty destroys an exited command's
// terminal socket 200 ms after the exit when it has not closed; after a busy event loop that timer
// runs before the socket is read, and the command's last output was lost. Here the loop is kept busy
// while the command prints and exits, then the socket is destroyed before any read (what the timer
// does): the output still reaches the listener, and it does not without keepPtyTail (the control).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { keepPtyTail } from '../../../src/tools/pty-tail.js';

const pty = createRequire(import.meta.url)('node-pty') as typeof import('node-pty');

/** Whether process `pid` has exited (its /proc entry says zombie, or is gone). */
function exited(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

/** Spawns a command that prints and exits while the loop is busy, then destroys the socket unread. */
async function outputAfterEarlyDestroy(keep: boolean): Promise<string> {
  const term = pty.spawn('/bin/sh', ['-c', 'printf "got hello"'], { cols: 80, rows: 24, encoding: null });
  const seen: Buffer[] = [];
  const ended = new Promise<void>((resolve) => term.onExit(() => resolve()));
  term.onData((d: string | Buffer) => seen.push(Buffer.isBuffer(d) ? d : Buffer.from(d)));
  if (keep) keepPtyTail(term, (chunk) => seen.push(chunk));
  // Busy (nothing is read) until the command has printed and exited: a zombie, or already reaped.
  while (!exited(term.pid)) {
    /* the loop stays busy */
  }
  (term as unknown as { _socket: { destroy(): void } })._socket.destroy();
  await ended;
  return Buffer.concat(seen).toString('utf8');
}

it('a command whose terminal is destroyed before it is read still passes on what it printed last', async () => {
  expect(await outputAfterEarlyDestroy(true)).toContain('got hello');
});

it('without the drain the same output is lost (the control: the situation is really reproduced)', async () => {
  expect(await outputAfterEarlyDestroy(false)).not.toContain('got hello');
});
