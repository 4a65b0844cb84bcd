// `thread/settings/updated` as the real Codex 0.169 sends it (checked against it on a mock, and in
// the recorded app_plan_mode session): a turn/start whose overrides change the thread's settings
// sends it once, before that request is answered, with the thread's settings after the change;
// opening the thread, a turn without overrides and a turn whose overrides change nothing send none;
// a client without the experimental API hears none. Its params validate against Codex 0.169's
// JSON Schema.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Msg } from '../../support/appserver-client.js';
import { appServer0169Sessions, ok } from '../../support/appserver-0169-session.js';
import type { AppServerWorkspace } from '../../support/appserver-workspace.js';
import { AuthoritySchema0169 } from '../../support/authority-schema-0169.js';

const open = appServer0169Sessions();
const compat0169 = async (ws: AppServerWorkspace): Promise<void> => {
  const path = join(ws.codexHome, 'config.toml');
  await writeFile(path, `compat = "codex-0.169"\n${await readFile(path, 'utf8')}`);
};

type Session = Awaited<ReturnType<typeof open>>;
type Settings = { cwd: string; model: string; modelProvider: string; effort: string | null; approvalPolicy: string; collaborationMode: { mode: string; settings: { model: string; reasoning_effort: string | null; developer_instructions: string | null } } };

/** A turn to its end: what came between the request and the answer, and the settings notices of the turn. */
async function turn(s: Session, threadId: string, extra: Record<string, unknown> = {}): Promise<{ beforeAnswer: Msg[]; notices: Msg[] }> {
  const from = s.c.received.length;
  const answer = await s.c.request('turn/start', { threadId, input: [{ type: 'text', text: 'hello', text_elements: [] }], ...extra });
  const { turn: t } = ok<{ turn: { id: string } }>(answer);
  await s.c.turnCompleted(threadId, t.id, from);
  const all = s.c.received.slice(from);
  return { beforeAnswer: all.slice(0, all.indexOf(answer)), notices: all.filter((m) => m.method === 'thread/settings/updated') };
}

const PLAN = { mode: 'plan', settings: { model: 'mock-model', reasoning_effort: 'medium', developer_instructions: null } };

describe('thread/settings/updated (0.169)', () => {
  let schema: AuthoritySchema0169;
  beforeAll(() => {
    schema = new AuthoritySchema0169();
  });

  it('a turn/start that changes the settings sends them once, before its answer, in the shape of the schema', async () => {
    const s = await open(compat0169);
    const from = s.c.received.length;
    const { thread } = ok<{ thread: { id: string } }>(await s.c.request('thread/start', { cwd: s.ws.cwd }));
    const plain = await turn(s, thread.id);
    expect(s.c.received.slice(from).map((m) => m.method)).not.toContain('thread/settings/updated');
    expect(plain.notices).toEqual([]);

    const plan = await turn(s, thread.id, { collaborationMode: PLAN });
    expect(plan.notices).toHaveLength(1);
    expect(plan.beforeAnswer).toContain(plan.notices[0]);
    const notice = plan.notices[0] as Msg;
    expect(schema.problem(notice, () => undefined)).toBe('');
    const params = notice.params as { threadId: string; threadSettings: Settings };
    expect(params.threadId).toBe(thread.id);
    expect(params.threadSettings).toMatchObject({ cwd: s.ws.cwd, model: 'mock-model', modelProvider: 'mock', effort: 'medium' });
    expect(params.threadSettings.collaborationMode.mode).toBe('plan');
    expect(params.threadSettings.collaborationMode.settings.reasoning_effort).toBe('medium');
    // The plan preset's instructions are filled in, as Codex fills them.
    expect(params.threadSettings.collaborationMode.settings.developer_instructions).toEqual(expect.any(String));

    // The same mode again changes nothing.
    expect((await turn(s, thread.id, { collaborationMode: PLAN })).notices).toEqual([]);

    // A turn's effort moves the thread's effort and its mode's.
    const high = await turn(s, thread.id, { effort: 'high', approvalPolicy: 'on-request' });
    expect(high.notices).toHaveLength(1);
    expect(high.beforeAnswer).toContain(high.notices[0]);
    const next = (high.notices[0]?.params as { threadSettings: Settings }).threadSettings;
    expect(schema.problem(high.notices[0] as Msg, () => undefined)).toBe('');
    expect([next.effort, next.collaborationMode.settings.reasoning_effort, next.approvalPolicy]).toEqual(['high', 'high', 'on-request']);

    expect((await turn(s, thread.id)).notices).toEqual([]);
  });

  it('a client without the experimental API hears none', async () => {
    const s = await open(compat0169, false);
    const { thread } = ok<{ thread: { id: string } }>(await s.c.request('thread/start', { cwd: s.ws.cwd }));
    expect((await turn(s, thread.id, { effort: 'high' })).notices).toEqual([]);
    expect(s.c.received.map((m) => m.method)).not.toContain('thread/settings/updated');
  });
});
