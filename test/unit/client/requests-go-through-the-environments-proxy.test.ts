// HTTP_PROXY (and HTTPS_PROXY for https URLs) sends model requests through the proxy; NO_PROXY
// naming the host sends them direct. A proxy on 127.0.0.1 (test/support/test-proxy.ts) counts what it relays.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { startMockResponsesServer, textReply } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { startTestProxy } from '../../support/test-proxy.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

let mockUrl = '';

async function execThrough(env: Record<string, string>): Promise<{ code: number | null; relayed: string[]; stdout: string }> {
  const mock = await startMockResponsesServer({ respond: () => textReply('via proxy?') });
  mockUrl = mock.url;
  const proxy = await startTestProxy();
  try {
    const home = await tempDir('weft-home-');
    await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
    const child = spawn(process.execPath, [BIN, 'exec', 'hi'], {
      env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, HTTP_PROXY: proxy.url, ...env },
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, relayed: [...proxy.targets], stdout };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

it('HTTP_PROXY carries the request', async () => {
  const { code, relayed, stdout } = await execThrough({});
  expect(code).toBe(0);
  expect(stdout).toContain('via proxy?');
  expect(relayed).toEqual([new URL(mockUrl).host]);
});

it('NO_PROXY naming the host goes direct', async () => {
  const { code, relayed } = await execThrough({ NO_PROXY: '127.0.0.1' });
  expect(code).toBe(0);
  expect(relayed).toEqual([]);
});
