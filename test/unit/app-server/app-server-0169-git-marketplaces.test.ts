// Git marketplaces as Codex 0.169 keeps them (observed against the real binary with a repository
// served on the loopback): marketplace/add clones into `<home>/.tmp/marketplaces/<name>` and records
// `source_type = "git"`, the URL and `ref`; the listing reads the clone; marketplace/upgrade fetches,
// writes `.codex-marketplace-install.json` with the revision and reports the root when the revision
// changed; marketplace/remove deletes the clone. The repository is served on 127.0.0.1
// (test/support/served-git-marketplace.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import { serveGitMarketplace, type ServedMarketplace } from '../../support/served-git-marketplace.js';

const open = appServer0169Sessions();
let served: ServedMarketplace | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function servedMarketplace(root: string): Promise<ServedMarketplace> {
  served = await serveGitMarketplace(root);
  return served;
}

describe('Git marketplaces on the 0.169 app-server', () => {
  it('clones, lists, upgrades and removes a marketplace served on the loopback', async () => {
    const { c, ws } = await open();
    const repo = await servedMarketplace(join(ws.root, 'repo'));
    const root = join(ws.codexHome, '.tmp', 'marketplaces', 'local-mkt');
    expect(ok(await c.request('marketplace/add', { source: repo.url, refName: 'main' }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: root, alreadyAdded: false });
    expect(ok(await c.request('marketplace/add', { source: repo.url, refName: 'main' }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: root, alreadyAdded: true });
    expect(readFileSync(join(ws.codexHome, 'config.toml'), 'utf8')).toContain(`\n[marketplaces.local-mkt]\nsource_type = "git"\nsource = "${repo.url}"\nref = "main"\n`);
    type Listing = { marketplaces: Array<{ path: string; plugins: Array<{ id: string; source: { path: string } }> }> };
    const listed = ok<Listing>(await c.request('plugin/list', {})).marketplaces;
    expect(listed.map((m) => m.path)).toEqual([join(root, '.agents', 'plugins', 'marketplace.json')]);
    expect(listed[0]!.plugins[0]).toMatchObject({ id: 'alpha@local-mkt', source: { path: join(root, 'plugins', 'alpha') } });

    // The first upgrade records the revision; an unchanged repository then upgrades nothing.
    expect(ok(await c.request('marketplace/upgrade', {}))).toEqual({ selectedMarketplaces: ['local-mkt'], upgradedRoots: [root], errors: [] });
    expect(ok(await c.request('marketplace/upgrade', { marketplaceName: 'local-mkt' }))).toEqual({ selectedMarketplaces: ['local-mkt'], upgradedRoots: [], errors: [] });
    const revision = repo.push('NOTES.md', 'new\n');
    expect(ok(await c.request('marketplace/upgrade', {}))).toEqual({ selectedMarketplaces: ['local-mkt'], upgradedRoots: [root], errors: [] });
    expect(readFileSync(join(root, 'NOTES.md'), 'utf8')).toBe('new\n');
    expect(JSON.parse(readFileSync(join(root, '.codex-marketplace-install.json'), 'utf8'))).toEqual({ source_type: 'git', source: repo.url, ref_name: 'main', sparse_paths: [], revision });

    expect(ok(await c.request('plugin/install', { pluginName: 'alpha', marketplacePath: listed[0]!.path }))).toMatchObject({ authPolicy: 'ON_INSTALL' });
    expect(ok(await c.request('marketplace/remove', { marketplaceName: 'local-mkt' }))).toEqual({ marketplaceName: 'local-mkt', installedRoot: root });
    expect(existsSync(root)).toBe(false);
    expect(readFileSync(join(ws.codexHome, 'config.toml'), 'utf8')).not.toContain('[marketplaces');
  });

  it('refuses a transport that could run commands, an option as a ref, and a repository that does not exist', async () => {
    const { c, ws } = await open();
    const repo = await servedMarketplace(join(ws.root, 'repo'));
    const planted = join(ws.root, 'planted');
    expect(errorMessage(await c.request('marketplace/add', { source: `ext::sh -c touch% ${planted}` }))).toMatch(/cannot find the marketplace folder/);
    expect(errorMessage(await c.request('marketplace/add', { source: repo.url, refName: '--upload-pack=touch /tmp/x' }))).toMatch(/is not a Git ref name/);
    expect(errorMessage(await c.request('marketplace/add', { source: `${repo.url.replace('mkt.git', 'missing.git')}` }))).toMatch(/git clone .*failed/);
    expect(existsSync(planted)).toBe(false);
    expect(readFileSync(join(ws.codexHome, 'config.toml'), 'utf8')).not.toContain('marketplaces');
  });
});
