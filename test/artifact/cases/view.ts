// The installed `weft view`: after a turn, the viewer it serves lists the thread and rebuilds the
// request that carried the shell call's output.
import { expect, it } from 'vitest';
import { startMockResponsesServer } from '../../../src/testing/index.js';
import { TOOL_OUTPUT, responsesModel } from '../support/model-turn.js';
import { events, runBin, startBin, workspace } from '../support/run-installed.js';
import type { Suite } from '../support/suite.js';

export function viewCases(suite: Suite): void {
  it('weft view serves the thread of a turn and the requests it sent', async () => {
    const mock = await startMockResponsesServer({ respond: responsesModel() });
    const ws = await workspace(
      suite.loadLog,
      `compat = "codex-0.169"\nmodel = "gpt-5.5"\nmodel_provider = "local"\n[model_providers.local]\nname = "Local"\nbase_url = "${mock.url}"\nwire_api = "responses"\n`,
    );
    const ran = await runBin(suite.pkg().bin, ['exec', '--json', '--skip-git-repo-check', 'run the check'], ws);
    await mock.close();
    expect(ran.code, ran.stderr).toBe(0);
    const threadId = String(events(ran.stdout).find((e) => e['type'] === 'thread.started')?.['thread_id']);
    const { child, done } = startBin(suite.pkg().bin, ['view', '--port', '0'], ws);
    try {
      const pageUrl = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stdout?.on('data', (d: Buffer) => {
          seen += d.toString();
          const found = /(http:\/\/\S+)\n/.exec(seen);
          if (found) resolve(found[1] as string);
        });
        child.once('close', () => reject(new Error(`weft view exited before serving: ${seen}`)));
      });
      const page = await fetch(pageUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const token = new URL(pageUrl).searchParams.get('token') ?? '';
      const api = (route: string): Promise<string> => fetch(new URL(`${route}?token=${token}`, pageUrl)).then((r) => r.text());
      expect(await api('/api/threads')).toContain(threadId);
      expect(await api(`/api/threads/${threadId}/requests`)).toContain(TOOL_OUTPUT);
      child.kill('SIGTERM');
      expect((await done).code).toBe(0);
    } finally {
      child.kill();
    }
  });
}
