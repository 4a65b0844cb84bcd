// An app-server client starts threads before its user has logged in, as Codex's allows: thread/start
// answers without the provider's key, and the turn that needs the model fails as an unauthorized turn
// whose message names the variable to set (no request leaves the machine).
import { afterEach, expect, it } from 'vitest';
import { InProcessClient } from '../../support/appserver-client.js';
import { codexHomeWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

it('answers thread/start without a key and fails the first turn as unauthorized, naming the variable', async () => {
  // A provider that is not on this machine, so the key is required; its address is never contacted.
  const ws = await codexHomeWorkspace(
    'model = "mock-model"\nmodel_provider = "far"\n\n[model_providers.far]\nname = "Far"\nbase_url = "https://models.invalid/v1"\nwire_api = "responses"\nenv_key = "FAR_API_KEY"\n',
  );
  const client = new InProcessClient({ env: ws.env, cwd: ws.cwd });
  try {
    await client.initialize();
    const started = await client.request('thread/start', { cwd: ws.cwd });
    expect(started.error).toBeUndefined();
    const threadId = (started.result as { thread: { id: string } }).thread.id;
    const turn = await client.request('turn/start', { threadId, input: [{ type: 'text', text: 'hi', text_elements: [] }] });
    expect(turn.error).toBeUndefined();
    const completed = await client.until((m) => m.method === 'turn/completed');
    const { turn: done } = completed.params as { turn: { status: string; error: { message: string; codexErrorInfo: unknown } | null } };
    expect(done.status).toBe('failed');
    expect(done.error?.codexErrorInfo).toBe('unauthorized');
    expect(done.error?.message).toContain('FAR_API_KEY');
  } finally {
    await client.close();
  }
});
