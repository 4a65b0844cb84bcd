// The "sandbox cannot be enforced" notice (here: WEFT_BWRAP and WEFT_LANDLOCK_HELPER name programs that
// do not exist, so neither profile's mechanism can run)
// follows the mode the thread really runs with: a `-s` flag wins over config.toml (and `-c`), as in
// the turn's settings. `weft exec --json` prints it on stderr too, leaving stdout to the event
// stream; the app-server logs it, and sends `configWarning`, once per mode its threads use.
// `weft exec` also says when it ignores --ask-for-approval (it always runs with `never`).
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { appServerWorkspace } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const NOTICE = /the sandbox cannot be enforced/;
const NO_SANDBOX = { WEFT_BWRAP: '/nonexistent/bwrap', WEFT_LANDLOCK_HELPER: '/nonexistent/weft-landlock-exec' };

async function run(args: string[], extraConfig = ''): Promise<{ code: number; out: string[]; err: string[] }> {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  try {
    const ws = await appServerWorkspace(mock.url, extraConfig);
    const out: string[] = [];
    const err: string[] = [];
    const pack = ws.options.runtime?.packDir ? ['--pack', ws.options.runtime.packDir] : [];
    const code = await main([...args.slice(0, 2), ...pack, ...args.slice(2)], {
      env: { ...ws.options.env, ...NO_SANDBOX },
      cwd: ws.cwd,
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      isTty: false,
    });
    return { code, out, err };
  } finally {
    await mock.close();
  }
}

describe('the sandbox notice', () => {
  it('is not printed when -s danger-full-access overrides a restrictive config', async () => {
    const { code, err } = await run(['thread', 'start', '-s', 'danger-full-access', 'hi'], 'sandbox_mode = "read-only"');
    expect(code).toBe(0);
    expect(err.filter((l) => NOTICE.test(l))).toEqual([]);
  });

  it('names the mode from -s when it is restrictive, whatever config.toml says', async () => {
    const { code, err } = await run(['exec', '--skip-git-repo-check', '-s', 'workspace-write', 'hi'], 'sandbox_mode = "danger-full-access"');
    expect(code).toBe(0);
    expect(err.filter((l) => NOTICE.test(l))).toEqual([expect.stringContaining('"workspace-write"')]);
  });

  it('goes to stderr under exec --json, and stdout stays JSON events', async () => {
    const { code, out, err } = await run(['exec', '--json', '--skip-git-repo-check', 'hi']);
    expect(code).toBe(0);
    expect(err.some((l) => NOTICE.test(l) && l.includes('"read-only"'))).toBe(true);
    for (const line of out) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});

describe('the app-server', () => {
  it('logs the notice and sends configWarning once per restrictive mode its threads run with, not for danger-full-access', async () => {
    const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace(mock.url);
    const log: string[] = [];
    const client = new InProcessClient({ ...ws.options, env: { ...ws.options.env, ...NO_SANDBOX }, log: (m) => log.push(m) });
    try {
      await client.initialize();
      for (const sandbox of ['danger-full-access', 'workspace-write', 'workspace-write', 'read-only']) {
        const r = await client.request('thread/start', { cwd: ws.cwd, sandbox });
        expect(r.error).toBeUndefined();
      }
      const warnings = (all: readonly Msg[]) => all.filter((m) => m.method === 'configWarning');
      await client.untilAll((all) => warnings(all).length >= 2);
      const summaries = warnings(client.received).map((m) => (m.params as { summary: string }).summary);
      expect(summaries).toEqual([expect.stringContaining('"workspace-write"'), expect.stringContaining('"read-only"')]);
      expect(log.filter((l) => NOTICE.test(l))).toEqual(summaries);
    } finally {
      await client.close();
      await mock.close();
    }
  });
});

describe('weft exec', () => {
  it('says that --ask-for-approval is ignored, since exec runs with approval policy never', async () => {
    const { code, err } = await run(['exec', '--skip-git-repo-check', '-a', 'on-request', 'hi']);
    expect(code).toBe(0);
    expect(err).toContainEqual(expect.stringMatching(/--ask-for-approval on-request is ignored/));
  });
});
