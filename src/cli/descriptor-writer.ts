// Text to standard output or error, written to the descriptor itself. Node writes files and pipes
// synchronously on POSIX anyway; `process.stdout` would first load node:net, node:stream and
// node:tty, several milliseconds of a start that prints one listing.
import { writeSync } from 'node:fs';

/**
 * A writer of `fd`. A descriptor that cannot take the text at once (a non-blocking pipe: EAGAIN)
 * gets the rest, and all that follows, through `stream()`, which waits for the reader; on Windows,
 * consoles always go through the stream, which converts the text for them. When the reader goes
 * away (EPIPE: `weft … | head`), the rest is dropped quietly: the command carries on, so the turn it
 * is running is still recorded whole.
 */
export function descriptorWriter(fd: number, stream: () => NodeJS.WritableStream, platform: NodeJS.Platform = process.platform): (text: string) => void {
  let closed = false;
  const close = (): void => {
    closed = true;
  };
  let viaStream: ((bytes: Uint8Array | string) => void) | undefined = platform === 'win32' ? streamWriter(stream(), close) : undefined;
  return (text) => {
    if (closed) return;
    if (viaStream !== undefined) return viaStream(text);
    // The text goes as it is (Node encodes it without a buffer of ours); bytes are made only for
    // the rest of a write the descriptor took in part.
    let bytes: Uint8Array | undefined;
    let done = 0;
    for (;;) {
      try {
        if (bytes === undefined) {
          done = writeSync(fd, text);
          if (done >= Buffer.byteLength(text, 'utf8')) return;
          bytes = Buffer.from(text, 'utf8');
        } else {
          done += writeSync(fd, bytes, done);
          if (done >= bytes.length) return;
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EPIPE') return close();
        if (code !== 'EAGAIN') throw error;
        viaStream = streamWriter(stream(), close);
        viaStream(bytes === undefined ? text : bytes.subarray(done));
        return;
      }
    }
  };
}

/** Writes through `stream`; its EPIPE closes the writer (whose `closed` check comes before every write). */
function streamWriter(stream: NodeJS.WritableStream, onClosed: () => void): (bytes: Uint8Array | string) => void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    onClosed();
  });
  return (bytes) => {
    stream.write(bytes);
  };
}
