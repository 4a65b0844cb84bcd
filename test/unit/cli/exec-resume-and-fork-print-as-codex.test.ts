// `exec resume <id>` and `exec fork <id>`, plain and --json, beside the real Codex 0.171: each engine
// first runs a turn in its own home, then continues it; the plain header names the thread that runs
// (the same for resume, a new one for fork) and the outputs match once ids and paths are put in
// common form.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../src/testing/index.js';
import { CODEX_0171, normalizeCliText, runCodex, runWeft, type CliCase, type CliRun } from '../../support/codex-cli-pair.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

type Runner = (c: CliCase) => Promise<CliRun>;

/** A first turn, then `args(id)` on a copy of its home; the second run, and the first thread's id. */
async function continued(runner: Runner, args: (id: string) => string[]): Promise<{ run: CliRun; first: string }> {
  const first = await runner({ args: ['exec', '--skip-git-repo-check', 'first'], reply: () => textReply('one') });
  const id = /^session id: (\S+)$/m.exec(first.stderr)?.[1] ?? '';
  const copy = async (_repo: string, home: string) => {
    for (const dir of ['sessions', 'archived_sessions']) await cp(path.join(first.home, dir), path.join(home, dir), { recursive: true }).catch(() => undefined);
  };
  const run = await runner({ args: args(id), reply: () => textReply('two'), prepare: copy });
  return { run, first: id };
}

const view = (r: CliRun) => ({ code: r.code, stdout: normalizeCliText(r.stdout, r), stderr: normalizeCliText(r.stderr, r) });
const codex: Runner = (c) => runCodex(CODEX_0171 as string, c);

describe.skipIf(CODEX_0171 === undefined)('exec resume and fork beside the real Codex 0.171', () => {
  it('plain resume: same output, and the header names the resumed thread', async () => {
    const args = (id: string) => ['exec', '--skip-git-repo-check', 'resume', id, 'again'];
    const [c, w] = [await continued(codex, args), await continued(runWeft, args)];
    expect(view(w.run)).toEqual(view(c.run));
    expect(w.run.stderr).toContain(`session id: ${w.first}\n`);
  });

  it('plain fork: same output, and the header names the new thread', async () => {
    const args = (id: string) => ['exec', '--skip-git-repo-check', 'fork', id, 'again'];
    const [c, w] = [await continued(codex, args), await continued(runWeft, args)];
    expect(view(w.run)).toEqual(view(c.run));
    expect(w.run.stderr).toMatch(/session id: \S+\n/);
    expect(w.run.stderr).not.toContain(`session id: ${w.first}\n`);
  });

  for (const sub of ['resume', 'fork'] as const) {
    it(`--json ${sub}: the same event stream`, async () => {
      const args = (id: string) => ['exec', '--json', '--skip-git-repo-check', sub, id, 'again'];
      const [c, w] = [await continued(codex, args), await continued(runWeft, args)];
      expect(view(w.run).stdout).toBe(view(c.run).stdout);
      expect(w.run.code).toBe(c.run.code);
    });
  }
});
