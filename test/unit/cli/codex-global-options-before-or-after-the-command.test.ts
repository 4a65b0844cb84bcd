// Codex's root options, as its parser takes them: the session options (-m, -C, -s, -p, --add-dir,
// -i, --oss, --search…) before `exec`/`review` apply to that run; -c and --enable/--disable are
// global, so they work after the subcommand too (`codex app-server --enable web_search -c k=v`).
// The header of a run started with root options is compared with the real Codex 0.171's.
import { afterEach, describe, expect, it } from 'vitest';
import { splitGlobalOptions } from '../../../src/cli/global-options.js';
import { main } from '../../../src/cli/main.js';
import { textReply } from '../../../src/testing/index.js';
import { CODEX_0171, normalizeCliText, runCodex, runWeft, type CliCase, type CliRun } from '../../support/codex-cli-pair.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const view = (r: CliRun) => ({ code: r.code, stdout: normalizeCliText(r.stdout, r), stderr: normalizeCliText(r.stderr, r) });

describe('where the root options go', () => {
  it('session options before exec move behind it; --search is live web search', () => {
    const g = splitGlobalOptions(['-m', 'x', '-C', '/w', '--sandbox=workspace-write', '--add-dir', '/a', '-i', 'p.png', '--oss', '--search', 'exec', 'hi']);
    expect(g.argv).toEqual(['exec', '-c', 'web_search="live"', '--model', 'x', '--cd', '/w', '--sandbox', 'workspace-write', '--add-dir', '/a', '--image', 'p.png', '--oss', 'hi']);
    expect(g.warnings).toEqual([]);
  });

  it('the `e` alias and `review` take them too; another command is warned that they do nothing', () => {
    expect(splitGlobalOptions(['-m', 'x', 'review', '--uncommitted']).argv).toEqual(['review', '--model', 'x', '--uncommitted']);
    const g = splitGlobalOptions(['-m', 'x', 'app-server']);
    expect(g.argv).toEqual(['app-server']);
    expect(g.warnings[0]).toMatch(/--model before `app-server` has no effect/);
  });

  it('--enable/--disable after the command become -c features overrides, up to --', () => {
    const g = splitGlobalOptions(['app-server', '--enable', 'web_search', '-c', 'k=1', '--disable=personality', '--', '--enable']);
    expect(g.argv).toEqual(['app-server', '-c', 'features.web_search=true', '-c', 'k=1', '-c', 'features.personality=false', '--', '--enable']);
    expect(() => splitGlobalOptions(['exec', '--enable'])).toThrow(/--enable needs a value/);
  });

  it('`app-server --enable web_search -c k=v` is a command line weft runs', async () => {
    const out: string[] = [];
    const code = await main(['app-server', '--enable', 'web_search', '-c', 'model="m"', '--help'], { env: {}, cwd: process.cwd(), stdout: (l) => void out.push(l), stderr: () => undefined });
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/--listen/);
  });
});

describe.skipIf(CODEX_0171 === undefined)('root options beside the real Codex 0.171', () => {
  it('-m, -C, -s and -c before exec give the same header and answer', async () => {
    const c: CliCase = { args: ['-m', 'other-model', '-C', '/tmp', '-s', 'workspace-write', '-c', 'model_reasoning_effort="low"', 'exec', '--skip-git-repo-check', 'hi'], reply: () => textReply('ok') };
    const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
    // Both warn that the catalog does not know the model, each in its own words.
    const unwarned = (r: CliRun) => ({ ...view(r), stderr: view(r).stderr.replace(/^warning: .*other-model.*\n/m, 'warning: <no catalog entry>\n') });
    expect(unwarned(weft)).toEqual(unwarned(codex));
    expect(weft.stderr).toContain('workdir: /tmp\nmodel: other-model\n');
  });

  it('--oss --local-provider lmstudio runs on the local provider with its default model', async () => {
    const c: CliCase = { args: ['exec', '--skip-git-repo-check', '--oss', '--local-provider', 'lmstudio', 'hi'], reply: () => textReply('ok'), env: (url) => ({ CODEX_OSS_BASE_URL: url }) };
    const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
    const header = (r: CliRun) => /^workdir:[\s\S]*?^session id:/m.exec(normalizeCliText(r.stderr, r))?.[0];
    expect(header(weft)).toBe(header(codex));
    expect(weft.stdout).toBe(codex.stdout);
    const sent = weft.requests.find((r) => r.path.endsWith('/responses'))?.body as { model?: string };
    expect(sent.model).toBe('openai/gpt-oss-20b');
  });
});
