// The app-server on a process's stdin/stdout: runs until stdin ends, then lets running work finish
// its answers and closes. Diagnostics go to stderr, never to stdout (the protocol channel).
import type { Readable, Writable } from 'node:stream';
import { AppServer, type AppServerOptions } from './app-server.js';
import { BatchedLines } from './batched-lines.js';

export async function serveStdio(
  input: Readable,
  output: Writable,
  options: Omit<AppServerOptions, 'write'>,
): Promise<void> {
  const lines = new BatchedLines((text) => void output.write(text));
  const server = new AppServer({ ...options, write: (line) => lines.push(line) });
  await new Promise<void>((resolve) => {
    input.on('data', (chunk: Buffer | string) => server.receive(chunk));
    input.once('end', resolve);
    input.once('close', resolve);
    input.once('error', (err) => {
      options.log?.(`stdin: ${err.message}`);
      resolve();
    });
  });
  server.endInput();
  await server.close();
  lines.flush();
}
