// A weft killed with SIGKILL while its sub-agents run leaves every thread valid and resumable: the
// parent and both children reopen, and each holds every item the model was already sent (the
// spawn_agent calls and outputs of the parent, the NEW_TASK message of each child).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { Weft } from '../../../src/engine/weft.js';
import { collaborationCallReply, startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
let mock: MockServer | undefined;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  await mock?.close();
  await removeTempDirs();
});

type Body = { input: Record<string, unknown>[]; client_metadata?: { thread_id?: string } };

const kinds = (items: readonly ResponseItem[] | readonly Record<string, unknown>[]): string[] =>
  items.flatMap((i) => (i.type === 'function_call' || i.type === 'function_call_output' || i.type === 'agent_message' ? [`${String(i.type)}:${String((i as { call_id?: unknown }).call_id ?? (i as { recipient?: unknown }).recipient)}`] : []));

it('SIGKILL mid-session: the parent and its children resume with every item already sent', async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  const parent = [
    collaborationCallReply('spawn_agent', { task_name: 'alpha', message: 'first task', fork_turns: 'none' }, 's1'),
    collaborationCallReply('spawn_agent', { task_name: 'beta', message: 'second task', fork_turns: 'none' }, 's2'),
    collaborationCallReply('wait_agent', { timeout_ms: 3_600_000 }, 'w1'),
  ];
  let n = 0;
  let childRequests = 0;
  let bothChildrenAsked!: () => void;
  const asked = new Promise<void>((resolve) => (bothChildrenAsked = resolve));
  const lastSent = new Map<string, Body>();
  mock = await startMockResponsesServer({
    respond: (req) => {
      const body = req.body as Body;
      const toChild = body.input.filter((i) => i.type === 'agent_message' && i.recipient !== '/root');
      // A team's requests share the root's prompt_cache_key; each names its own thread in client_metadata.
      lastSent.set(String(body.client_metadata?.thread_id), body);
      if (toChild.length > 0) {
        if (++childRequests === 2) bothChildrenAsked();
        return { ...textReply('never finished'), pause: { after: 1, until: held } };
      }
      return parent[n++] ?? { ...textReply('never finished'), pause: { after: 1, until: held } };
    },
  });
  const home = await tempDir('weft-home-');
  const cwd = await tempDir('weft-cwd-');
  await writeFile(
    path.join(home, 'config.toml'),
    `compat = "codex-0.169"\nmodel = "gpt-5.6-sol"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`,
  );
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, SHELL: '/bin/bash' };
  const weft = spawn(process.execPath, [BIN, 'exec', '--json', '--skip-git-repo-check', 'delegate'], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => weft.on('exit', () => resolve()));
  await asked;
  weft.kill('SIGKILL');
  await exited;

  const reopened = await Weft.open({ env, cwd });
  expect(lastSent.size).toBe(3);
  for (const [threadId, body] of lastSent) {
    const thread = await reopened.resumeThread(threadId);
    // Every call, output and agent message the model was sent is in the resumed history.
    expect(kinds(thread.history)).toEqual(expect.arrayContaining(kinds(body.input)));
    await thread.close();
  }
}, 60_000);
