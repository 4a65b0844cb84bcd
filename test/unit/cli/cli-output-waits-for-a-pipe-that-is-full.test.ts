// The CLI writes its output to the descriptor (src/cli/descriptor-writer.ts). A non-blocking pipe
// that is full refuses a write (EAGAIN): the rest, and all that follows, must then go through a
// stream that waits for the reader, whole and in order. A real FIFO opened non-blocking holds the
// pipe's buffer (64 KiB on Linux); a megabyte written to it fills it many times over.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descriptorWriter } from '../../../src/cli/descriptor-writer.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe.skipIf(process.platform === 'win32')('descriptorWriter', () => {
  it('hands the rest to a waiting stream when a non-blocking pipe is full, losing and reordering nothing', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'weft-fifo-'));
    const fifo = path.join(dir, 'out');
    execFileSync('mkfifo', [fifo]);
    const readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    let streamsMade = 0;
    const writer = descriptorWriter(writeFd, () => {
      streamsMade++;
      return new net.Socket({ fd: writeFd, readable: false });
    });
    // One text larger than the pipe (taken in part, then the rest as bytes, cut inside no character),
    // then many small ones.
    const lines = [`${'é'.repeat(100_000)}\n`, ...Array.from({ length: 10_000 }, (_, i) => `line ${i} ${'x'.repeat(90)}\n`)];
    for (const line of lines) writer(line);
    expect(streamsMade).toBe(1);

    const expected = lines.join('');
    const expectedBytes = Buffer.byteLength(expected);
    const got = await new Promise<string>((resolve, reject) => {
      const reader = new net.Socket({ fd: readFd, writable: false });
      const chunks: Buffer[] = [];
      let length = 0;
      reader.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= expectedBytes) {
          reader.destroy();
          resolve(Buffer.concat(chunks).toString('utf8'));
        }
      });
      reader.on('error', reject);
    });
    expect(got).toBe(expected);
    try {
      closeSync(writeFd);
    } catch {
      // Closed with its socket.
    }
  });

  it('writes straight to the descriptor while it takes the text', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'weft-fifo-'));
    const file = path.join(dir, 'plain.txt');
    const fd = openSync(file, 'w');
    const writer = descriptorWriter(fd, () => {
      throw new Error('no stream is needed for a file');
    });
    writer('héllo\n');
    writer('wörld\n');
    closeSync(fd);
    expect(execFileSync('cat', [file], { encoding: 'utf8' })).toBe('héllo\nwörld\n');
  });
});
