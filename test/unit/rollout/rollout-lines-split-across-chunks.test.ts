import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RolloutFile } from '../../../src/rollout/format/file.js';
import { eachLine, type LineOptions } from '../../../src/rollout/format/lines.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

interface Seen {
  text: string;
  offset: number;
  terminated: boolean;
}

async function linesOf(content: Buffer | string, options: LineOptions & { stopAt?: number } = {}): Promise<{ seen: Seen[]; bytesRead: number; bom: boolean }> {
  const path = join(await tempDir(), 'rollout.jsonl');
  await writeFile(path, content);
  const file = RolloutFile.open(path);
  const seen: Seen[] = [];
  let bom = false;
  try {
    const bytesRead = await eachLine(
      file,
      (buf, start, end, offset, terminated) => {
        seen.push({ text: buf.toString('utf8', start, end), offset, terminated });
        return options.stopAt !== undefined && seen.length >= options.stopAt;
      },
      { ...options, onBom: () => (bom = true) },
    );
    return { seen, bytesRead, bom };
  } finally {
    file.release();
  }
}

describe('splitting a rollout file into lines, chunk by chunk', () => {
  const lines = ['a', 'bb'.repeat(10), '', 'c'.repeat(7), 'd'.repeat(40), 'eé'];
  const content = `${lines.join('\n')}\n`;

  it('gives every line with its file offset whatever the chunk size, lines longer than a chunk included', async () => {
    const expected: Seen[] = [];
    let offset = 0;
    for (const text of lines) {
      expected.push({ text, offset, terminated: true });
      offset += Buffer.byteLength(text) + 1;
    }
    for (const chunkBytes of [1, 3, 8, 64, 4096]) {
      for (const readAhead of [true, false]) {
        const { seen, bytesRead } = await linesOf(content, { chunkBytes, readAhead });
        expect(seen, `chunkBytes ${chunkBytes}`).toEqual(expected);
        expect(bytesRead).toBe(Buffer.byteLength(content));
      }
    }
  });

  it('gives a last line without its newline as unterminated, and skips a byte order mark', async () => {
    const { seen, bom } = await linesOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x\n{"torn')]), { chunkBytes: 4 });
    expect(bom).toBe(true);
    expect(seen).toEqual([
      { text: 'x', offset: 3, terminated: true },
      { text: '{"torn', offset: 5, terminated: false },
    ]);
  });

  it('starts at a given offset, and stops when the visitor says so or after maxBytes', async () => {
    expect((await linesOf(content, { from: 2, chunkBytes: 8 })).seen.map((s) => s.text)).toEqual(lines.slice(1));
    expect((await linesOf(content, { chunkBytes: 8, stopAt: 2 })).seen.map((s) => s.text)).toEqual(lines.slice(0, 2));
    const capped = await linesOf(content, { chunkBytes: 8, maxBytes: 16 });
    expect(capped.seen.map((s) => s.text)).toEqual(['a']);
    expect(capped.bytesRead).toBe(16);
  });
});
