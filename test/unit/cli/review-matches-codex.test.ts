// `exec review` and `review` beside the real Codex 0.171 on one mock: the same stdout (the review
// rendered from the model's JSON: explanation, then each finding with its place), the same stderr
// header with the review's name as the prompt line, and the same --json stream. The request carries
// the review guidelines as the thread's instructions and the target as the user message, each from
// the pack's review/ texts (weft's own words; Codex's are its own).
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveReview, reviewTexts, reviewText } from '../../../src/engine/review-request.js';
import { WEFT_PACK_DIR } from '../../../src/pack/default-pack-dir.js';
import { textReply } from '../../../src/testing/index.js';
import { CODEX_0171, normalizeCliText, runCodex, runWeft, type CliCase, type CliRun } from '../../support/codex-cli-pair.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const finding = (title: string, start: number, end: number) => ({
  title,
  body: `Why ${title} matters.\nSecond line.`,
  confidence_score: 0.8,
  priority: 1,
  code_location: { absolute_file_path: '/repo/f.txt', line_range: { start, end } },
});
const answer = (findings: unknown[]) => JSON.stringify({ findings, overall_correctness: 'patch is incorrect', overall_explanation: 'One real bug.', overall_confidence_score: 0.7 });

async function gitRepoWithChange(repo: string): Promise<void> {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'ignore' });
  await writeFile(path.join(repo, 'f.txt'), 'a\n');
  git('init', '-q');
  git('add', 'f.txt');
  git('commit', '-qm', 'init');
  await writeFile(path.join(repo, 'f.txt'), 'a\nb\n');
}

const view = (r: CliRun) => ({ code: r.code, stdout: normalizeCliText(r.stdout, r), stderr: normalizeCliText(r.stderr, r) });

describe.skipIf(CODEX_0171 === undefined)('review beside the real Codex 0.171', () => {
  for (const [name, findings] of [
    ['two findings', [finding('[P1] Guard the empty case', 2, 3), finding('[P3] Name it better', 1, 1)]],
    ['one finding', [finding('[P2] One thing', 4, 4)]],
    ['no finding', []],
  ] as const) {
    it(`exec review --uncommitted prints the same review (${name})`, async () => {
      const c: CliCase = { args: ['exec', 'review', '--uncommitted'], reply: () => textReply(answer([...findings])), prepare: gitRepoWithChange };
      const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
      expect(view(weft)).toEqual(view(codex));
    });
  }

  it('a model answer that is not review JSON is shown as it is, and --json streams the same items', async () => {
    const c: CliCase = { args: ['exec', '--json', 'review', '--uncommitted'], reply: () => textReply('Looks fine to me.'), prepare: gitRepoWithChange };
    const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
    expect(view(weft).stdout).toBe(view(codex).stdout);
    expect(weft.code).toBe(codex.code);
  });

  it('review --commit SHA --title T names the review the same way in the header', async () => {
    const c: CliCase = { args: ['review', '--commit', '0123456789abcdef', '--title', 'Fix it'], reply: () => textReply(answer([])), prepare: gitRepoWithChange };
    const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
    expect(view(weft)).toEqual(view(codex));
    expect(weft.stderr).toContain('\nuser\ncommit 0123456: Fix it\n');
  });
});

describe('what a review sends', () => {
  it('the guidelines are the first developer message and the target the user message, from the pack', async () => {
    const c: CliCase = { args: ['exec', 'review', '--base', 'main'], reply: () => textReply(answer([])), prepare: gitRepoWithChange };
    const weft = await runWeft(c);
    expect(weft.code).toBe(0);
    const texts = await reviewTexts({ dirs: [WEFT_PACK_DIR] });
    const expected = resolveReview({ type: 'baseBranch', branch: 'main' }, texts);
    const body = weft.requests[0]?.body as { input: Array<{ role?: string; content?: Array<{ text: string }> }> };
    expect(body.input[0]?.role).toBe('developer');
    expect(body.input[0]?.content?.[0]?.text).toBe(expected.instructions);
    const last = body.input.at(-1);
    expect(last?.role).toBe('user');
    expect(last?.content?.[0]?.text).toBe(expected.prompt);
    expect(expected.prompt).toContain("'main'");
    expect(weft.stderr).toContain("\nuser\nchanges against 'main'\n");
  });

  it('conflicting targets and an empty review are usage errors', async () => {
    const both = await runWeft({ args: ['exec', 'review', '--uncommitted', '--base', 'x'], reply: () => textReply('') });
    expect(both.code).toBe(2);
    expect(both.requests).toHaveLength(0);
    expect(reviewText('not json')).toBe('not json');
  });
});
