// All of standard input, as text. A regular file, or /dev/null (a command started with its input
// closed: scripts, CI jobs, `< /dev/null`), is read at once: every byte is already there, and
// `process.stdin` would set up a stream (and its modules) for a single read. A pipe, a socket or a
// terminal is read through the stream, so that the process still answers signals while the writer
// takes its time.
import { fstatSync, readFileSync, statSync } from 'node:fs';

export async function readStdinText(): Promise<string> {
  if (readableAtOnce()) return readFileSync(0, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function readableAtOnce(): boolean {
  try {
    const input = fstatSync(0);
    return input.isFile() || (input.isCharacterDevice() && input.rdev === statSync('/dev/null').rdev);
  } catch {
    // No descriptor 0, or one fstat cannot describe: the stream reports what is wrong with it.
    return false;
  }
}
