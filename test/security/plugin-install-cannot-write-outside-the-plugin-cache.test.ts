// Attacks on plugin install and uninstall through hostile marketplaces: a source path climbing out of
// the marketplace (`./../`), a source folder that is a symlink to a folder outside it, a plugin or
// marketplace name with `../` or `/`, a version naming a folder outside the cache, a symlink inside a
// plugin pointing at a secret, and an uninstall id climbing out. None may write (or remove) anything
// outside `<home>/plugins/cache/<marketplace>/<plugin>/`, nor copy what lies outside the plugin.
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, errorMessage, ok } from '../support/appserver-0169-session.js';
import { writeMarketplace } from '../support/plugin-marketplace.js';

const open = appServer0169Sessions();

/** Every path under `dir`, relative. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('plugin install stays inside the plugin cache', () => {
  it('refuses sources, names and versions that leave their folder, and copies no symlink', async () => {
    const { c, ws } = await open();
    const outside = join(ws.root, 'outside');
    await mkdir(join(outside, '.codex-plugin'), { recursive: true });
    await writeFile(join(outside, '.codex-plugin', 'plugin.json'), JSON.stringify({ name: 'evil' }));
    await writeFile(join(outside, 'secret.txt'), 'secret');
    const mkt = await writeMarketplace(join(ws.root, 'mkt'), 'local-mkt', [
      { name: 'climb', source: { source: 'local', path: './../outside' } },
      { name: 'linked', source: { source: 'local', path: './plugins/linked' } },
      { name: '../../escape', source: { source: 'local', path: './plugins/beta' } },
      { name: 'badversion', source: { source: 'local', path: './plugins/badversion' } },
      { name: 'leaky', source: { source: 'local', path: './plugins/leaky' } },
    ]);
    await symlink(outside, join(mkt.root, 'plugins', 'linked'));
    await mkdir(join(mkt.root, 'plugins', 'badversion', '.codex-plugin'), { recursive: true });
    await writeFile(join(mkt.root, 'plugins', 'badversion', '.codex-plugin', 'plugin.json'), JSON.stringify({ version: '../../../../pwned' }));
    await mkdir(join(mkt.root, 'plugins', 'leaky', '.codex-plugin'), { recursive: true });
    await writeFile(join(mkt.root, 'plugins', 'leaky', '.codex-plugin', 'plugin.json'), JSON.stringify({ version: '1.0.0' }));
    await symlink(join(outside, 'secret.txt'), join(mkt.root, 'plugins', 'leaky', 'secret.txt'));
    await symlink(outside, join(mkt.root, 'plugins', 'leaky', 'dir-link'));

    const before = new Set(tree(ws.root));
    // A source climbing out makes the whole marketplace file invalid, as Codex reads it.
    const climb = await c.request('plugin/install', { pluginName: 'climb', marketplacePath: mkt.file });
    expect(errorMessage(climb)).toMatch(/leaves the marketplace root/);
    const listed = ok<{ marketplaceLoadErrors: Array<{ marketplacePath: string; message: string }> }>(await c.request('plugin/list', { cwds: [mkt.root] }));
    expect(listed.marketplaceLoadErrors.map((e) => e.marketplacePath)).toEqual([mkt.file]);

    // Without the climbing entry, the others are refused one by one.
    const file = JSON.parse(await readFile(mkt.file, 'utf8')) as { plugins: Array<{ name: string }> };
    await writeFile(mkt.file, JSON.stringify({ ...file, plugins: file.plugins.filter((p) => p.name !== 'climb') }));
    expect(errorMessage(await c.request('plugin/install', { pluginName: 'linked', marketplacePath: mkt.file }))).toMatch(/resolves outside the marketplace root/);
    expect(errorMessage(await c.request('plugin/install', { pluginName: '../../escape', marketplacePath: mkt.file }))).toMatch(/may hold only ASCII letters/);
    expect(errorMessage(await c.request('plugin/install', { pluginName: 'badversion', marketplacePath: mkt.file }))).toMatch(/cannot name a folder/);
    ok(await c.request('plugin/install', { pluginName: 'leaky', marketplacePath: mkt.file }));

    const cache = join(ws.codexHome, 'plugins', 'cache');
    expect(tree(cache)).toEqual(['local-mkt', 'local-mkt/leaky', 'local-mkt/leaky/1.0.0', 'local-mkt/leaky/1.0.0/.codex-plugin', 'local-mkt/leaky/1.0.0/.codex-plugin/plugin.json'].sort());
    // Nothing new anywhere under the workspace but the plugin cache (config.toml was already there).
    const added = tree(ws.root).filter((p) => !before.has(p));
    expect(added.filter((p) => !/^codex_home\/plugins(\/cache(\/local-mkt(\/leaky(\/|$)|$)|$)|$)/.test(p))).toEqual([]);
    expect(existsSync(join(ws.root, 'pwned'))).toBe(false);
    expect(tree(outside)).toEqual(['.codex-plugin', '.codex-plugin/plugin.json', 'secret.txt']);

    // Uninstalling an id that climbs out removes nothing.
    for (const pluginId of ['../../outside@local-mkt', 'leaky@..', 'x/../../..@local-mkt']) {
      expect(errorMessage(await c.request('plugin/uninstall', { pluginId })), pluginId).toMatch(/invalid plugin id/);
    }
    expect(tree(outside)).toEqual(['.codex-plugin', '.codex-plugin/plugin.json', 'secret.txt']);
    expect(existsSync(join(cache, 'local-mkt', 'leaky', '1.0.0'))).toBe(true);
  });

  it('adds no marketplace whose name could climb out of the cache', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'), '../../evil');
    expect(errorMessage(await c.request('marketplace/add', { source: mkt.root }))).toMatch(/may hold only ASCII letters/);
    expect(errorMessage(await c.request('plugin/install', { pluginName: 'alpha', marketplacePath: mkt.file }))).toMatch(/may hold only ASCII letters/);
    expect(tree(join(ws.codexHome, 'plugins'))).toEqual([]);
    expect(await readFile(join(ws.codexHome, 'config.toml'), 'utf8')).not.toContain('marketplaces');
  });
});
