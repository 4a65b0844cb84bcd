// The library's `configOverrides` is laid over config.toml and takes either TOML lines, as `-c`
// does, or an object shaped like config.toml; anything else is refused with a message saying both.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { Weft } from '../../../src/engine/weft.js';
import { UsageError } from '../../../src/errors.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

describe('configOverrides', () => {
  it('takes an object shaped like config.toml', async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('hi') });
    const home = await tempDir('weft-home-');
    const weft = await Weft.open({
      env: { PATH: process.env.PATH, HOME: home },
      home,
      cwd: home,
      compat: 'codex-0.169',
      configOverrides: { model: 'gpt-5.5', model_provider: 'local', model_providers: { local: { base_url: mock.url, wire_api: 'responses' } } },
    });
    const thread = await weft.startThread();
    expect(await thread.run('hello')).toMatchObject({ status: 'completed', lastMessage: 'hi' });
    await thread.close();
    expect((mock.requests[0]?.body as { model: string }).model).toBe('gpt-5.5');
    expect(weft.runtime.config.model_providers?.local?.base_url).toBe(mock.url);
  });

  it('still takes TOML lines, as -c does', async () => {
    const home = await tempDir('weft-home-');
    const weft = await Weft.open({ env: { HOME: home }, home, cwd: home, configOverrides: ['model = "gpt-5.5"', 'approval_policy = "never"'] });
    expect(weft.runtime.config.model).toBe('gpt-5.5');
    expect(weft.runtime.config.approval_policy).toBe('never');
  });

  it('refuses anything else, saying it takes an object or TOML lines', async () => {
    const home = await tempDir('weft-home-');
    const bad = (await Weft.open({ env: { HOME: home }, home, cwd: home, configOverrides: 'model = "x"' as unknown as string[] }).catch((e: unknown) => e)) as Error;
    expect(bad).toBeInstanceOf(UsageError);
    expect(bad.message).toMatch(/object .*or TOML lines/);
  });
});
