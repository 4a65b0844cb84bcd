import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRolloutPrefix } from '../../../src/rollout/store/prefix.js';
import { readRollout } from '../../../src/rollout/format/reader.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const T = '2026-01-01T00:00:00.000Z';
const event = (message: string) => JSON.stringify({ timestamp: T, type: 'event_msg', payload: { type: 'agent_message', message } });

async function file(text: string | Buffer): Promise<string> {
  const path = join(await tempDir(), 'rollout.jsonl');
  await writeFile(path, text);
  return path;
}

describe('reading a rollout prefix', () => {
  it('stops after the record that is enough, with the records, offsets and warnings readRollout gives', async () => {
    const big = 'b'.repeat(1_500_000); // a line across the 1 MB read boundary
    const lines = [event('one'), 'not json', event(big), event('stop here'), event('never read')];
    const path = await file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\n')}\n`)]));
    const warnings: string[] = [];
    const { records: prefix } = await readRolloutPrefix(path, (r) => (r.line.payload as { message?: string }).message === 'stop here', { onWarning: (w) => warnings.push(w) });
    const whole = await readRollout(path);
    expect(prefix).toEqual(whole.slice(0, 3));
    expect(warnings).toEqual([`${path}:1: UTF-8 byte order mark skipped`, expect.stringMatching(new RegExp(`^${path}:2: malformed JSON`))]);
  });

  it('reads to the end when nothing is enough, keeping a complete last line without its newline', async () => {
    const path = await file(`${event('a')}\n${event('b')}`);
    const { records: prefix } = await readRolloutPrefix(path, () => false);
    expect(prefix.map((r) => (r.line.payload as { message: string }).message)).toEqual(['a', 'b']);
  });
});
