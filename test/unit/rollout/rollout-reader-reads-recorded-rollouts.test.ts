import { describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRolloutHead } from '../../../src/rollout/store/head.js';
import { compactedOf, readRollout, responseItemOf } from '../../../src/rollout/format/reader.js';
import { recordedRollouts098 } from '../../support/recorded-rollouts.js';

describe('recorded Codex 0.98 rollouts', () => {
  const rollouts = recordedRollouts098();

  it('are all found', () => {
    expect(rollouts.length).toBeGreaterThanOrEqual(23);
  });

  it.each(rollouts.map((r) => [r.name, r.text] as const))('%s reads with no warnings, every line kept and fully valid', async (name, text) => {
    const dir = await mkdtemp(join(tmpdir(), 'weft-recorded-'));
    const path = join(dir, 'rollout.jsonl');
    await writeFile(path, text);
    const warnings: string[] = [];
    const records = await readRollout(path, { onWarning: (w) => warnings.push(w) });
    expect(warnings, name).toEqual([]);
    expect(records).toHaveLength(text.split('\n').length - 1);
    expect(records[0]!.line.type).toBe('session_meta');
    for (const r of records) {
      if (r.line.type === 'response_item') expect(() => responseItemOf(r, path)).not.toThrow();
      if (r.line.type === 'compacted') expect(() => compactedOf(r, path)).not.toThrow();
    }
    const head = await readRolloutHead(path);
    expect(head.sessionMeta).toEqual(records[0]!.line.payload);
    const firstUser = records.find((r) => r.line.type === 'event_msg' && r.line.payload.type === 'user_message');
    expect(head.firstUserMessage).toBe(firstUser === undefined ? undefined : (firstUser.line.payload as { message: string }).message);
  });
});
