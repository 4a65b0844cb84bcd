import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRuntime } from '../../../src/engine/runtime.js';
import { ConfigError } from '../../../src/errors.js';
import { CODEX_0169_PACK_DIR } from '../../support/codex-0169.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

async function homeWith(config: string): Promise<string> {
  const home = await tempDir('weft-home-');
  await writeFile(`${home}/config.toml`, config);
  return home;
}

const load = (home: string, extra: { compat?: 'codex-0.169' | 'codex-0.98'; configOverrides?: string[] } = {}) =>
  loadRuntime({ env: { HOME: home, WEFT_HOME: home }, ...(extra.compat === 'codex-0.169' ? { packDir: CODEX_0169_PACK_DIR } : {}), ...extra });

describe('settings Codex 0.169 no longer accepts', () => {
  it('approval_policy = "untrusted" stops the start under codex-0.169, naming the key and the file', async () => {
    const home = await homeWith('approval_policy = "untrusted"\n');
    const err = await load(home, { compat: 'codex-0.169' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).key).toBe('approval_policy');
    expect((err as Error).message).toContain(`${home}/config.toml`);
    expect((err as Error).message).toContain('approval_policy = "untrusted"');
  });

  it('set by -c too', async () => {
    const home = await homeWith('');
    await expect(load(home, { compat: 'codex-0.169', configOverrides: ['approval_policy="untrusted"'] })).rejects.toThrow(/approval_policy = "untrusted"/);
  });

  it('is accepted under codex-0.98, and other policies under codex-0.169', async () => {
    await expect(load(await homeWith('approval_policy = "untrusted"\n'), { compat: 'codex-0.98' })).resolves.toBeDefined();
    await expect(load(await homeWith('approval_policy = "on-request"\n'), { compat: 'codex-0.169' })).resolves.toBeDefined();
  });
});
