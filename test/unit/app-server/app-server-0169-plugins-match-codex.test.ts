// Differential: the same plugin and marketplace calls, on the same local marketplace, answered by the
// real Codex 0.169 app-server and by weft's. Successful answers must be equal (paths normalized), an
// error must be an error with the same code on both (weft words its messages itself), and config.toml's
// plugin tables and the plugin cache must end up the same. The marketplace is then added again from a
// Git repository served on 127.0.0.1. Codex reaches nothing but the loopback.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { codexBinary } from '../../../scripts/protocol/codex-schema.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { CodexAppServer, type RpcAnswer } from '../../support/codex-app-server-stdio.js';
import { writeMarketplace } from '../../support/plugin-marketplace.js';
import { serveGitMarketplace } from '../../support/served-git-marketplace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const BINARY = codexBinary('0.169.0');

type Step = readonly [method: string, params: (mkt: { root: string; file: string; url: string }) => unknown];

const STEPS: readonly Step[] = [
  ['plugin/list', () => ({})],
  ['plugin/list', (m) => ({ cwds: [m.root] })],
  ['marketplace/add', (m) => ({ source: m.root })],
  ['marketplace/add', (m) => ({ source: m.root })],
  ['plugin/read', (m) => ({ pluginName: 'alpha', marketplacePath: m.file })],
  ['plugin/install', (m) => ({ pluginName: 'alpha', marketplacePath: m.file })],
  ['plugin/install', (m) => ({ pluginName: 'beta', marketplacePath: m.file })],
  ['plugin/install', (m) => ({ pluginName: 'gone', marketplacePath: m.file })],
  ['plugin/install', (m) => ({ pluginName: 'nope', marketplacePath: m.file })],
  ['plugin/install', () => ({ pluginName: 'alpha' })],
  ['plugin/read', (m) => ({ pluginName: 'beta', marketplacePath: m.file })],
  ['plugin/installed', () => ({ installSuggestionPluginNames: ['gone'] })],
  ['plugin/list', () => ({})],
  ['plugin/uninstall', () => ({ pluginId: 'beta@local-mkt' })],
  ['plugin/uninstall', () => ({ pluginId: 'nope@local-mkt' })],
  ['plugin/uninstall', () => ({ pluginId: 'remote' })],
  ['plugin/reconcile', () => ({})],
  ['plugin/skill/read', () => ({ remoteMarketplaceName: 'm', remotePluginId: 'abc', skillName: 's' })],
  ['plugin/share/list', () => ({})],
  ['app/list', () => ({})],
  ['app/installed', () => ({})],
  ['app/read', () => ({ appIds: ['x', 'y', 'x'] })],
  ['marketplace/upgrade', () => ({})],
  ['marketplace/upgrade', () => ({ marketplaceName: 'local-mkt' })],
  ['marketplace/remove', () => ({ marketplaceName: 'local-mkt' })],
  ['marketplace/remove', () => ({ marketplaceName: 'local-mkt' })],
  ['plugin/installed', () => ({})],
  // The same marketplace from Git, served on the loopback.
  ['marketplace/add', (m) => ({ source: m.url, refName: 'main' })],
  ['marketplace/add', (m) => ({ source: m.url, refName: 'main' })],
  ['plugin/list', () => ({})],
  ['marketplace/upgrade', () => ({})],
  ['marketplace/upgrade', () => ({ marketplaceName: 'local-mkt' })],
  ['marketplace/remove', () => ({ marketplaceName: 'local-mkt' })],
];

type Outcome = { method: string; result?: unknown; errorCode?: number };

function tree(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort() : [];
}

async function run(ask: (method: string, params: unknown) => Promise<RpcAnswer>, mkt: { root: string; file: string; url: string }, root: string): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const [method, params] of STEPS) {
    const answer = await ask(method, params(mkt));
    const normalized = JSON.parse(JSON.stringify(answer).split(root).join('<ROOT>').split(mkt.url).join('<URL>')) as RpcAnswer;
    out.push(normalized.error ? { method, errorCode: normalized.error.code } : { method, result: normalized.result });
  }
  return out;
}

function pluginTables(codexHome: string, root: string): unknown {
  const table = parse(readFileSync(join(codexHome, 'config.toml'), 'utf8').split(root).join('<ROOT>'));
  return { marketplaces: table.marketplaces, plugins: table.plugins };
}

describe.skipIf(!existsSync(BINARY))('plugins: weft answers as Codex 0.169 does', () => {
  it('gives the same answers, config tables and plugin cache for one session of plugin calls', async () => {
    const served: Array<{ close(): Promise<void> }> = [];
    const serve = async (root: string): Promise<string> => {
      const repo = await serveGitMarketplace(root);
      served.push(repo);
      return repo.url;
    };
    try {
      const config = `model = "mock-model"\nmodel_provider = "mock"\nchatgpt_base_url = "http://127.0.0.1:9/backend-api/"\n\n${mockProviderTable('http://127.0.0.1:9/v1')}`;
      const codexWs = await codexHomeWorkspace(config);
      const codexMkt = { ...(await writeMarketplace(join(codexWs.root, 'mkt'))), url: await serve(join(codexWs.root, 'repo')) };
      const codex = await CodexAppServer.withRefusingProxy(BINARY, codexWs.cwd, { ...codexWs.env, OPENAI_API_KEY: 'sk-test' });
      await codex.initialize();
      let theirs: Outcome[];
      try {
        theirs = await run((m, p) => codex.request(m, p) as Promise<RpcAnswer>, codexMkt, codexWs.root);
      } finally {
        await codex.close();
      }
      expect(codex.refusedTargets.every((t) => !t.startsWith('127.0.0.1'))).toBe(true);

      const weftWs = await codexHomeWorkspace(config);
      const weftMkt = { ...(await writeMarketplace(join(weftWs.root, 'mkt'))), url: await serve(join(weftWs.root, 'repo')) };
      const client = new InProcessClient({ env: { ...weftWs.env, OPENAI_API_KEY: 'sk-test' }, cwd: weftWs.cwd });
      let ours: Outcome[];
      try {
        await client.initialize(true);
        ours = await run((m, p) => client.request(m, p) as Promise<RpcAnswer>, weftMkt, weftWs.root);
      } finally {
        await client.close();
      }

      // Codex answered most steps (a home it could not use would answer errors everywhere).
      expect(theirs.filter((o) => o.result !== undefined).length).toBeGreaterThanOrEqual(23);
      expect(ours).toEqual(theirs);
      expect(pluginTables(weftWs.codexHome, weftWs.root)).toEqual(pluginTables(codexWs.codexHome, codexWs.root));
      const cache = (home: string): string[] => tree(join(home, 'plugins', 'cache'));
      expect(cache(weftWs.codexHome)).toEqual(cache(codexWs.codexHome));
    } finally {
      for (const repo of served) await repo.close();
      await removeTempDirs();
    }
  });
});
