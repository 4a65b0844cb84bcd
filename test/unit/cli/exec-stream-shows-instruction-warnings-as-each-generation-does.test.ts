// An AGENTS.md cut at project_doc_max_bytes: Codex 0.169's exec stream shows the warning as an item,
// Codex 0.98's has no item for it (that generation only logs it). Under 0.98 weft still says it, on
// stderr, so nothing is lost. A skill skipped for its front matter is an item of neither stream
// (variant 0.169-p-skill-bad-frontmatter): weft says it on stderr.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function execWithLongAgentsMd(compat: string, skill?: string) {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  try {
    const ws = await codexHomeWorkspace(
      `compat = "${compat}"\nmodel = "mock-model"\nmodel_provider = "mock"\nproject_doc_max_bytes = 8\n${mockProviderTable(mock.url)}`,
    );
    await writeFile(join(ws.cwd, 'AGENTS.md'), 'be brief, always\n');
    if (skill !== undefined) {
      await mkdir(join(ws.env.CODEX_HOME as string, 'skills', 'bad'), { recursive: true });
      await writeFile(join(ws.env.CODEX_HOME as string, 'skills', 'bad', 'SKILL.md'), skill);
    }
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['exec', '--json', '--skip-git-repo-check', 'hi'], { env: ws.env, cwd: ws.cwd, stdout: (l) => out.push(l), stderr: (l) => err.push(l), isTty: false });
    const items = out.map((l) => JSON.parse(l) as { type: string; item?: { type: string; message?: string } }).filter((e) => e.item?.type === 'error');
    return { code, items, err };
  } finally {
    await mock.close();
  }
}

test('codex-0.169: the cut AGENTS.md is an error item of the stream', async () => {
  const { code, items } = await execWithLongAgentsMd('codex-0.169');
  expect(code).toBe(0);
  expect(items.map((e) => e.item?.message)).toEqual([expect.stringMatching(/AGENTS\.md: cut to 8 of 17 bytes by project_doc_max_bytes/)]);
});

test('codex-0.98: no item in the stream; the warning is on stderr', async () => {
  const { code, items, err } = await execWithLongAgentsMd('codex-0.98');
  expect(code).toBe(0);
  expect(items).toEqual([]);
  expect(err.filter((l) => /AGENTS\.md: cut to 8 of 17 bytes/.test(l))).toHaveLength(1);
});

test('a skill skipped for its front matter is no item of either stream; it is said on stderr', async () => {
  for (const compat of ['codex-0.169', 'codex-0.98']) {
    const { code, items, err } = await execWithLongAgentsMd(compat, 'no front matter\n');
    expect(code).toBe(0);
    expect(items.filter((e) => /SKILL\.md/.test(e.item?.message ?? ''))).toEqual([]);
    expect(err.filter((l) => /SKILL\.md: front matter needs/.test(l)), compat).toHaveLength(1);
  }
});
