// Codex 0.169 reads `[features] web_search_cached` and `web_search_request` but calls them
// deprecated: whenever they are set, whatever the value, its exec stream shows one error item for
// each (cached first) before the turn starts. Codex 0.98 shows none. Variants 0.169-ws-feature-*.
import { afterEach, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { deprecationNotices } from '../../../src/config/deprecated-settings.js';
import { PROFILE_FACTS } from '../../../src/profile/profile-facts.js';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function exec(compat: string, args: string[] = []): Promise<{ code: number; lines: Array<{ type: string; item?: { id: string; type: string; message?: string } }> }> {
  const mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  try {
    const ws = await codexHomeWorkspace(
      `compat = "${compat}"\nmodel = "mock-model"\nmodel_provider = "mock"\n${mockProviderTable(mock.url)}\n[features]\nweb_search_request = true\n`,
    );
    const out: string[] = [];
    const code = await main(['exec', '--json', '--skip-git-repo-check', ...args, 'hi'], { env: ws.env, cwd: ws.cwd, stdout: (l) => out.push(l), stderr: () => undefined, isTty: false });
    return { code, lines: out.map((l) => JSON.parse(l) as { type: string; item?: { id: string; type: string; message?: string } }) };
  } finally {
    await mock.close();
  }
}

test('codex-0.169: one error item per deprecated setting, cached first, before turn.started', async () => {
  const { code, lines } = await exec('codex-0.169', ['-c', 'features.web_search_cached=false']);
  expect(code).toBe(0);
  const types = lines.map((l) => (l.item ? `${l.type}:${l.item.type}` : l.type));
  expect(types.slice(0, 4)).toEqual(['thread.started', 'item.completed:error', 'item.completed:error', 'turn.started']);
  expect(lines[1]?.item?.message).toMatch(/^`\[features\]\.web_search_cached` is deprecated/);
  expect(lines[2]?.item?.message).toMatch(/^`\[features\]\.web_search_request` is deprecated/);
  expect(lines.find((l) => l.item?.type === 'agent_message')?.item?.id).toBe('item_2');
});

test('codex-0.98: no item', async () => {
  const { code, lines } = await exec('codex-0.98');
  expect(code).toBe(0);
  expect(lines.filter((l) => l.item?.type === 'error')).toEqual([]);
});

test('the notices follow what is set, not its value', () => {
  const deprecated = PROFILE_FACTS['codex-0.169'].deprecatedSettings;
  expect(deprecationNotices({}, deprecated)).toEqual([]);
  expect(deprecationNotices({ features: { web_search_request: false } }, deprecated)).toHaveLength(1);
  expect(deprecationNotices({ features: { web_search_request: true } }, PROFILE_FACTS['codex-0.98'].deprecatedSettings)).toEqual([]);
});
