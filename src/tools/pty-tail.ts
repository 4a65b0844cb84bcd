// node-pty ends a terminal whose command has exited by destroying its socket 200 ms later if the
// socket has not closed by itself. After the event loop was busy for longer than that, the timer
// runs before the socket is read again, and the command's last output, still in the terminal, is
// lost (the model would read "Process exited" without what the command printed last). Before that
// socket is destroyed, whatever the terminal still holds is read synchronously and passed on.
import { readSync } from 'node:fs';

interface PtyInternals {
  readonly _fd?: unknown;
  readonly _socket?: { destroy: (...args: unknown[]) => unknown };
}

/** Reads what is left in the terminal `fd` (non-blocking) and hands each piece to `emit`. */
export function drainTerminal(fd: number, emit: (chunk: Buffer) => void): void {
  const buf = Buffer.alloc(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch {
      return; // EAGAIN: nothing more now; EIO: the terminal has no writer left and is empty.
    }
    if (n <= 0) return;
    emit(Buffer.from(buf.subarray(0, n)));
  }
}

/**
 * Makes `term` keep its last output: its socket's destroy first reads the terminal to its end. The
 * internals are node-pty 1.x's (a test pins them); a terminal without them is left as it is.
 */
export function keepPtyTail(term: object, emit: (chunk: Buffer) => void): void {
  const inner = term as PtyInternals;
  const socket = inner._socket;
  const fd = inner._fd;
  if (socket === undefined || typeof fd !== 'number' || typeof socket.destroy !== 'function') return;
  const destroy = socket.destroy.bind(socket);
  let drained = false;
  socket.destroy = (...args: unknown[]) => {
    if (!drained) {
      drained = true;
      drainTerminal(fd, emit);
    }
    return destroy(...args);
  };
}
