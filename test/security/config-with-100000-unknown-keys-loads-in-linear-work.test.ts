// A config.toml with 100,000 unknown keys (a hostile or generated file) hung `exec` and the
// app-server's `initialize`: each dropped key copied the whole table again. Now the keys of a
// validation round are dropped in one copy per table: 100,000 keys load, each named in a warning,
// and the app-server answers `initialize`. The work is counted, not timed: the property reads of
// dropping 100,000 keys are about ten times those of 10,000 (linear), not a hundred (quadratic).
import { afterEach, expect, test } from 'vitest';
import { parseConfigText, withoutKeys } from '../../src/config/load-config.js';
import type { TomlTable } from '../../src/config/config-overrides.js';
import { InProcessClient } from '../support/appserver-client.js';
import { codexHomeWorkspace } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';

afterEach(removeTempDirs);

function hostileConfig(n: number): string {
  const top = Array.from({ length: n / 2 }, (_, i) => `unknown_${i} = ${i}`).join('\n');
  const nested = Array.from({ length: n / 2 }, (_, i) => `nested_${i} = "x"`).join('\n');
  return `model = "mock-model"\n${top}\n[tools]\nweb_search = true\n${nested}\n`;
}

test('100,000 unknown keys load, each named once, the known keys kept', () => {
  const loaded = parseConfigText(hostileConfig(100_000), '/home/u/.weft/config.toml', []);
  expect(loaded.warnings).toHaveLength(100_000);
  expect(new Set(loaded.warnings).size).toBe(100_000);
  expect(loaded.warnings).toContain('/home/u/.weft/config.toml: unknown key `unknown_0` ignored');
  expect(loaded.warnings).toContain('/home/u/.weft/config.toml: unknown key `tools.nested_49999` ignored');
  expect(loaded.config).toEqual({ model: 'mock-model', tools: { web_search: true } });
}, 120_000);

test('the app-server answers initialize with 100,000 unknown keys in config.toml', async () => {
  const ws = await codexHomeWorkspace(`model_provider = "mock"\n${hostileConfig(100_000)}[model_providers.mock]\nbase_url = "http://127.0.0.1:9/v1"\nwire_api = "responses"\n`);
  const client = new InProcessClient({ env: ws.env, cwd: ws.cwd });
  try {
    await client.initialize();
    const read = await client.request('config/read', {});
    expect(read.error).toBeUndefined();
  } finally {
    await client.server.close();
  }
}, 120_000);

/** A table whose reads are counted (every own-key listing, descriptor and value read). */
function counted(table: TomlTable, count: { reads: number }): TomlTable {
  return new Proxy(table, {
    ownKeys: (t) => {
      count.reads += 1;
      return Reflect.ownKeys(t);
    },
    getOwnPropertyDescriptor: (t, k) => {
      count.reads += 1;
      return Reflect.getOwnPropertyDescriptor(t, k);
    },
    get: (t, k, r) => {
      count.reads += 1;
      return Reflect.get(t, k, r) as unknown;
    },
  });
}

function readsToDrop(n: number): number {
  const table: TomlTable = { model: 'm' };
  const tools: TomlTable = { web_search: true };
  const paths: string[][] = [];
  for (let i = 0; i < n / 2; i++) {
    table[`unknown_${i}`] = i;
    tools[`nested_${i}`] = 'x';
    paths.push([`unknown_${i}`], ['tools', `nested_${i}`]);
  }
  const count = { reads: 0 };
  table.tools = counted(tools, count);
  const result = withoutKeys(counted(table, count), paths);
  expect(Object.keys(result)).toEqual(['model', 'tools']);
  return count.reads;
}

test('dropping keys is linear: 100,000 take about ten times the reads of 10,000', () => {
  const small = readsToDrop(10_000);
  const large = readsToDrop(100_000);
  expect(large / small).toBeGreaterThan(8);
  expect(large / small).toBeLessThan(12);
});
