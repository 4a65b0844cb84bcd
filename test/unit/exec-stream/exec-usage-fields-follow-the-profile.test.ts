// `exec --json` turn.completed.usage has the fields of the generation spoken: Codex 0.98's three,
// or every field today's Codex sends (the key order of its recorded event streams).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ExecEventMapper } from '../../../src/exec-stream/exec-events.js';
import { conformanceRoot } from '../../conformance/scenario.js';

const usage = { input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40, reasoning_output_tokens: 7, total_tokens: 1240 };
const completed = { type: 'turn_completed', turnId: 't', usage, lastMessage: 'ok' } as const;

function recordedUsageKeys(profile: string): string[] | undefined {
  const dir = join(conformanceRoot(), profile, 'scenarios');
  if (!existsSync(dir)) return undefined;
  for (const s of readdirSync(dir)) {
    for (const f of readdirSync(join(dir, s)).filter((n) => n.endsWith('.stdout.jsonl'))) {
      const line = readFileSync(join(dir, s, f), 'utf8').split('\n').find((l) => l.includes('"turn.completed"'));
      if (line) return Object.keys((JSON.parse(line) as { usage: object }).usage);
    }
  }
  return undefined;
}

test('today’s usage carries cache writes and reasoning tokens, in Codex 0.169’s key order', () => {
  const [event] = new ExecEventMapper({ usageFields: 'full' }).map(completed);
  expect(event).toEqual({
    type: 'turn.completed',
    usage: { input_tokens: 1200, cached_input_tokens: 1000, cache_write_input_tokens: 0, output_tokens: 40, reasoning_output_tokens: 7 },
  });
  const keys = recordedUsageKeys('codex-0.169');
  if (keys) expect(Object.keys((event as unknown as { usage: object }).usage)).toEqual(keys);
});

test('the 0.98 generation keeps its three fields', () => {
  const [event] = new ExecEventMapper({ usageFields: 'codex-0.98' }).map(completed);
  expect(event).toEqual({ type: 'turn.completed', usage: { input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40 } });
  const keys = recordedUsageKeys('codex-0.98');
  if (keys) expect(Object.keys((event as unknown as { usage: object }).usage)).toEqual(keys);
});
