// Codex 0.169 records its context state as a whole snapshot when a window is built, then, wherever it
// compares it again (a turn's prompt, each sampling request), only the merge patch of what changed,
// and nothing when nothing did; a thread reopened without its last snapshot records no patch.
import { describe, expect, it } from 'vitest';
import { WorldStateRecord } from '../../../src/profile/codex-0.169/world-state-record.js';
import { subagentsXml } from '../../../src/context/environment-context.js';

const env = (extra: Record<string, unknown> = {}) => ({ model: 'm', environments: { current_date: '2026-11-29', ...extra } });

describe('world_state lines of a codex-0.169 thread', () => {
  it('a built window is recorded whole; a spawned agent later is a patch of environments.subagents alone', () => {
    const record = new WorldStateRecord();
    expect(record.update(env(), true)).toEqual({ full: true, state: env() });
    expect(record.update(env(), false)).toBeUndefined();
    const one = env({ subagents: subagentsXml(['/root/alpha']) });
    expect(record.update(one, false)).toEqual({ full: false, state: { environments: { subagents: '<agent name="/root/alpha" />' } } });
    const two = env({ subagents: subagentsXml(['/root/alpha', '/root/beta']) });
    expect(record.update(two, false)).toEqual({ full: false, state: { environments: { subagents: '<agent name="/root/alpha" />\n<agent name="/root/beta" />' } } });
    expect(record.update(two, false)).toBeUndefined();
  });

  it('a thread that has not built its window since it was opened records nothing', () => {
    const record = new WorldStateRecord();
    expect(record.update(env({ subagents: subagentsXml(['/root/alpha']) }), false)).toBeUndefined();
  });
});
