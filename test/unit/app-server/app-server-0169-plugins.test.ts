// plugin/* and marketplace/* as Codex 0.169 answers them for a local marketplace (observed against
// the real binary on a mock, API-key home): add records `[marketplaces.<name>]`, install copies the
// plugin into `<home>/plugins/cache/<marketplace>/<plugin>/<version|local>` and writes
// `[plugins."<id>"] enabled = true`, uninstall removes both, and the listings show each state.
import { existsSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import { writeMarketplace } from '../../support/plugin-marketplace.js';

const open = appServer0169Sessions();

type Summary = { id: string; installed: boolean; enabled: boolean; localVersion: string | null; installPolicy: string; interface: Record<string, unknown> | null; source: { type: string; path: string } };
type Listing = { marketplaces: Array<{ name: string; path: string; interface: unknown; plugins: Summary[] }>; marketplaceLoadErrors: unknown[]; featuredPluginIds?: unknown[] };

describe('plugins on the 0.169 app-server', () => {
  it('lists a marketplace of a named cwd, then of config once added, with each plugin\'s manifest and policy', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    expect(ok<Listing>(await c.request('plugin/list', {}))).toEqual({ marketplaces: [], marketplaceLoadErrors: [], featuredPluginIds: [] });
    const viaCwd = ok<Listing>(await c.request('plugin/list', { cwds: [mkt.root] }));
    expect(viaCwd.marketplaces.map((m) => [m.name, m.path, m.interface])).toEqual([['local-mkt', mkt.file, { displayName: 'Local Mkt' }]]);
    const [alpha, beta, gone] = viaCwd.marketplaces[0]!.plugins;
    expect(alpha).toMatchObject({ id: 'alpha@local-mkt', localVersion: '1.2.3', installed: false, enabled: false, installPolicy: 'AVAILABLE', source: { type: 'local', path: join(mkt.root, 'plugins', 'alpha') } });
    // The marketplace's category wins over the manifest's.
    expect(alpha!.interface).toMatchObject({ displayName: 'Alpha', shortDescription: 'short a', category: 'Coding', capabilities: ['Read'], screenshots: [] });
    expect(Object.keys(alpha!)).toEqual(['id', 'remotePluginId', 'version', 'localVersion', 'name', 'shareContext', 'source', 'installed', 'installedAt', 'enabled', 'installPolicy', 'installPolicySource', 'mustShowInstallationInterstitial', 'authPolicy', 'availability', 'disabledReason', 'eligiblePlanTypes', 'interface', 'keywords']);
    expect(beta).toMatchObject({ id: 'beta@local-mkt', localVersion: null, interface: null });
    expect(gone).toMatchObject({ id: 'gone@local-mkt', installPolicy: 'NOT_AVAILABLE' });

    expect(ok(await c.request('marketplace/add', { source: mkt.root }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: mkt.root, alreadyAdded: false });
    expect(ok(await c.request('marketplace/add', { source: mkt.root }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: mkt.root, alreadyAdded: true });
    expect(readFileSync(join(ws.codexHome, 'config.toml'), 'utf8')).toContain(`\n[marketplaces.local-mkt]\nsource_type = "local"\nsource = "${mkt.root}"\n`);
    expect(ok<Listing>(await c.request('plugin/list', {})).marketplaces.map((m) => m.name)).toEqual(['local-mkt']);
  });

  it('installs into the plugin cache and config.toml, shows it installed and enabled, and uninstalls it', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    ok(await c.request('marketplace/add', { source: mkt.root }));
    expect(ok(await c.request('plugin/install', { pluginName: 'alpha', marketplacePath: mkt.file }))).toEqual({ authPolicy: 'ON_INSTALL', appsNeedingAuth: [] });
    ok(await c.request('plugin/install', { pluginName: 'beta', marketplacePath: mkt.file }));
    const cache = join(ws.codexHome, 'plugins', 'cache', 'local-mkt');
    expect(readFileSync(join(cache, 'alpha', '1.2.3', 'skills', 'hello', 'SKILL.md'), 'utf8')).toContain('Say hello.');
    expect(existsSync(join(cache, 'beta', 'local', '.codex-plugin', 'plugin.json'))).toBe(true);
    const config = readFileSync(join(ws.codexHome, 'config.toml'), 'utf8');
    expect(config).toContain('\n[plugins."alpha@local-mkt"]\nenabled = true\n');
    expect(config.startsWith('model = "mock-model"\n')).toBe(true);

    const installed = ok<Listing>(await c.request('plugin/installed', {}));
    expect(installed.featuredPluginIds).toBeUndefined();
    expect(installed.marketplaces[0]!.plugins.map((p) => [p.id, p.installed, p.enabled])).toEqual([
      ['alpha@local-mkt', true, true],
      ['beta@local-mkt', true, true],
    ]);
    const suggested = ok<Listing>(await c.request('plugin/installed', { installSuggestionPluginNames: ['gone'] }));
    expect(suggested.marketplaces[0]!.plugins.map((p) => p.id)).toEqual(['alpha@local-mkt', 'beta@local-mkt', 'gone@local-mkt']);

    expect(ok(await c.request('plugin/uninstall', { pluginId: 'beta@local-mkt' }))).toEqual({});
    expect(existsSync(join(cache, 'beta'))).toBe(false);
    expect(readFileSync(join(ws.codexHome, 'config.toml'), 'utf8')).not.toContain('beta@local-mkt');
    // An id of nothing installed is not an error.
    expect(ok(await c.request('plugin/uninstall', { pluginId: 'nope@local-mkt' }))).toEqual({});
    const after = ok<Listing>(await c.request('plugin/list', {}));
    expect(after.marketplaces[0]!.plugins.map((p) => [p.id, p.installed])).toEqual([
      ['alpha@local-mkt', true],
      ['beta@local-mkt', false],
      ['gone@local-mkt', false],
    ]);
  });

  it('reads a plugin with its skills named <plugin>:<skill>', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    const { plugin } = ok<{ plugin: Record<string, unknown> }>(await c.request('plugin/read', { pluginName: 'alpha', marketplacePath: mkt.file }));
    expect(plugin).toMatchObject({ marketplaceName: 'local-mkt', marketplacePath: mkt.file, description: 'Alpha plugin', shareUrl: null, hooks: [], apps: [], mcpServers: [] });
    expect(plugin.skills).toEqual([
      { name: 'alpha:hello', description: 'says hello', shortDescription: null, interface: null, path: join(mkt.root, 'plugins', 'alpha', 'skills', 'hello', 'SKILL.md'), enabled: true },
    ]);
  });

  it('refuses what Codex refuses, as invalid requests', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    const refused = async (method: string, params: object, pattern: RegExp): Promise<void> => {
      const answer = await c.request(method, params);
      expect((answer.error as { code: number }).code, method).toBe(-32600);
      expect(errorMessage(answer)).toMatch(pattern);
    };
    await refused('plugin/install', { pluginName: 'gone', marketplacePath: mkt.file }, /does not offer plugin `gone`/);
    await refused('plugin/install', { pluginName: 'nope', marketplacePath: mkt.file }, /lists no plugin `nope`/);
    await refused('plugin/install', { pluginName: 'alpha' }, /exactly one of marketplacePath or remoteMarketplaceName/);
    await refused('plugin/read', { pluginName: 'alpha', marketplacePath: join(mkt.root, 'nope.json') }, /no marketplace file at/);
    await refused('plugin/install', { pluginName: 'beta', remoteMarketplaceName: 'x' }, /needs a ChatGPT sign-in/);
    await refused('plugin/uninstall', { pluginId: 'remote-only' }, /needs a ChatGPT sign-in/);
    await refused('plugin/uninstall', { pluginId: '../x@local-mkt' }, /invalid plugin id/);
    await refused('marketplace/remove', { marketplaceName: 'zzz' }, /no marketplace named `zzz`/);
    await refused('marketplace/upgrade', { marketplaceName: 'zzz' }, /not added from Git/);
    await refused('marketplace/add', { source: join(ws.root, 'missing') }, /cannot find the marketplace folder/);
    await refused('marketplace/add', { source: ws.cwd }, /holds no marketplace/);
    await refused('plugin/skill/read', { remoteMarketplaceName: 'm', remotePluginId: 'a@b', skillName: 's' }, /may hold only/);
    await refused('plugin/skill/read', { remoteMarketplaceName: 'm', remotePluginId: 'abc', skillName: 's' }, /needs a ChatGPT sign-in/);
  });

  it('removes an added marketplace from config.toml and keeps its installed plugins; upgrade selects no local marketplace', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    ok(await c.request('marketplace/add', { source: mkt.root }));
    ok(await c.request('plugin/install', { pluginName: 'alpha', marketplacePath: mkt.file }));
    expect(ok(await c.request('marketplace/upgrade', {}))).toEqual({ selectedMarketplaces: [], upgradedRoots: [], errors: [] });
    expect(ok(await c.request('marketplace/remove', { marketplaceName: 'local-mkt' }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: null });
    const config = readFileSync(join(ws.codexHome, 'config.toml'), 'utf8');
    expect(config).not.toContain('[marketplaces');
    expect(config).toContain('[plugins."alpha@local-mkt"]');
    expect(existsSync(join(ws.codexHome, 'plugins', 'cache', 'local-mkt', 'alpha', '1.2.3'))).toBe(true);
  });

  it('reconciles nothing and answers the remote-only methods as an API-key home does', async () => {
    const { c } = await open();
    expect(ok(await c.request('plugin/reconcile', {}))).toEqual({ changedPlugins: [], failedRemotePluginIds: [], failedMaterializationRemotePluginIds: [] });
    for (const [method, params] of [
      ['plugin/share/list', {}],
      ['plugin/share/save', { pluginPath: '/tmp/x' }],
      ['plugin/share/checkout', { remotePluginId: 'x' }],
      ['plugin/share/delete', { remotePluginId: 'x' }],
      ['plugin/share/updateTargets', { remotePluginId: 'x', discoverability: 'PRIVATE', shareTargets: [] }],
    ] as const) {
      expect(errorMessage(await c.request(method, params)), method).toMatch(/the remote plugin catalog needs a ChatGPT sign-in$/);
    }
    expect(ok(await c.request('app/list', {}))).toEqual({ data: [], nextCursor: null });
    expect(ok(await c.request('app/installed', {}))).toEqual({ apps: [] });
    expect(ok(await c.request('app/read', { appIds: ['x', 'y', 'x'] }))).toEqual({ apps: [], missingAppIds: ['x', 'y'] });
  });
});

describe('an installed plugin on the 0.169 app-server', () => {
  it('lists its skills in skills/list from the install on, and not after the uninstall', async () => {
    const { c, ws } = await open();
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    type Skills = { data: Array<{ skills: Array<{ name: string; scope: string; path: string }> }> };
    const names = async (): Promise<string[]> => ok<Skills>(await c.request('skills/list', {})).data[0]!.skills.map((s) => s.name);
    expect(await names()).not.toContain('alpha:hello');
    ok(await c.request('plugin/install', { pluginName: 'alpha', marketplacePath: mkt.file }));
    const listed = ok<Skills>(await c.request('skills/list', {})).data[0]!.skills.find((s) => s.name === 'alpha:hello');
    expect(listed).toMatchObject({ scope: 'user', path: join(ws.codexHome, 'plugins', 'cache', 'local-mkt', 'alpha', '1.2.3', 'skills', 'hello', 'SKILL.md') });
    ok(await c.request('plugin/uninstall', { pluginId: 'alpha@local-mkt' }));
    expect(await names()).not.toContain('alpha:hello');
  });
});

describe('config.toml marketplaces weft does not know', () => {
  it('are kept and skipped: the home still loads, lists and adds', async () => {
    const { c, ws } = await open(async (w) => {
      await appendFile(join(w.codexHome, 'config.toml'), '\n[marketplaces.other]\nsource_type = "npm"\nsource = "some-package"\n');
    });
    const mkt = await writeMarketplace(join(ws.root, 'mkt'));
    expect(ok(await c.request('plugin/list', {}))).toEqual({ marketplaces: [], marketplaceLoadErrors: [], featuredPluginIds: [] });
    ok(await c.request('marketplace/add', { source: mkt.root }));
    const config = readFileSync(join(ws.codexHome, 'config.toml'), 'utf8');
    expect(config).toContain('[marketplaces.other]\nsource_type = "npm"');
    expect(config).toContain('[marketplaces.local-mkt]');
  });
});
