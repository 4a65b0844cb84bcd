// At most 64 sessions are kept (Codex's cap); keeping one more evicts the least recently used,
// sparing the most recent ones and preferring a session that has already exited, and kills it.
import { describe, expect, it, vi } from 'vitest';
import type { ExecSession } from '../../../src/tools/unified-exec/exec-session.js';
import { ExecSessionManager, MAX_EXEC_SESSIONS } from '../../../src/tools/unified-exec/session-manager.js';
import { isDead } from '../../support/exec-tool-context.js';
import { tempDir } from '../../support/temp-tree.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

async function startSleep(manager: ExecSessionManager, cwd: string, cmd = 'sleep 300') {
  const s = await manager.start(
    { argv: ['/bin/sh', '-c', cmd], cwd, env: { PATH: process.env['PATH'] ?? '' }, sandbox: { policy: { type: 'danger-full-access' }, policyCwd: cwd, mechanism: bubblewrapSandbox } },
    { callId: 'c', command: cmd, argv: [], cwd },
  );
  manager.keep(s);
  return s;
}

describe('the concurrent-session cap', () => {
  it('is 64, as in Codex', () => {
    expect(MAX_EXEC_SESSIONS).toBe(64);
  });

  it('keeps 64 sessions and evicts (kills) the least recently used for the 65th', async () => {
    const cwd = await tempDir('weft-cap-');
    const manager = new ExecSessionManager();
    const sessions: ExecSession[] = [];
    for (let i = 0; i < MAX_EXEC_SESSIONS; i++) sessions.push(await startSleep(manager, cwd));
    expect(manager.size).toBe(64);
    // Touch the first one: it becomes the most recently used, so the second is now the oldest.
    sessions[0]?.write('');
    await sessions[0]?.read(0);
    const extra = await startSleep(manager, cwd);
    expect(manager.size).toBe(64);
    expect(manager.get(extra.id)).toBe(extra);
    expect(manager.get(sessions[0]?.id ?? -1)).toBeDefined();
    expect(manager.get(sessions[1]?.id ?? -1)).toBeUndefined();
    await vi.waitFor(async () => expect(await isDead(sessions[1]?.process.pid ?? 0)).toBe(true));
    await manager.closeAll();
  }, 60_000);

  it('prefers a session that has exited over a running one', async () => {
    const cwd = await tempDir('weft-cap-');
    const manager = new ExecSessionManager({ maxSessions: 3, protectedRecent: 1 });
    const running = await startSleep(manager, cwd);
    const exited = await startSleep(manager, cwd, 'exit 0');
    await exited.ended();
    const third = await startSleep(manager, cwd);
    await startSleep(manager, cwd);
    expect(manager.get(exited.id)).toBeUndefined();
    expect(manager.get(running.id)).toBe(running);
    expect(manager.get(third.id)).toBe(third);
    await manager.closeAll();
  });
});
