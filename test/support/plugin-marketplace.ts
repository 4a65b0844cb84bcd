// A local plugin marketplace built in a temp folder, as Codex 0.169 reads one:
// `<root>/.agents/plugins/marketplace.json` listing `alpha` (versioned, with a skill and an
// interface), `beta` (no version, no interface) and `gone` (NOT_AVAILABLE).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface MarketplaceFixture {
  readonly root: string;
  readonly file: string;
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

export async function writeMarketplace(root: string, name = 'local-mkt', extraPlugins: readonly object[] = []): Promise<MarketplaceFixture> {
  const file = join(root, '.agents', 'plugins', 'marketplace.json');
  const plugins = [
    { name: 'alpha', source: { source: 'local', path: './plugins/alpha' }, policy: { installation: 'AVAILABLE', authentication: 'ON_INSTALL' }, category: 'Coding' },
    { name: 'beta', source: { source: 'local', path: './plugins/beta' } },
    { name: 'gone', source: { source: 'local', path: './plugins/gone' }, policy: { installation: 'NOT_AVAILABLE' } },
    ...extraPlugins,
  ];
  await write(file, JSON.stringify({ name, interface: { displayName: 'Local Mkt' }, plugins }, null, 2));
  const alpha = {
    name: 'alpha',
    version: '1.2.3',
    description: 'Alpha plugin',
    skills: './skills/',
    interface: { displayName: 'Alpha', shortDescription: 'short a', category: 'Productivity', capabilities: ['Read'] },
  };
  await write(join(root, 'plugins', 'alpha', '.codex-plugin', 'plugin.json'), JSON.stringify(alpha));
  await write(join(root, 'plugins', 'alpha', 'skills', 'hello', 'SKILL.md'), '---\nname: hello\ndescription: says hello\n---\nSay hello.\n');
  await write(join(root, 'plugins', 'beta', '.codex-plugin', 'plugin.json'), JSON.stringify({ name: 'beta' }));
  return { root, file };
}
