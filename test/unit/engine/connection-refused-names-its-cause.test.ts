// A provider that refuses the connection: the failure names the operating system's reason
// (`connect ECONNREFUSED 127.0.0.1:PORT`), not only the SDK's "Connection error.".
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('a refused connection fails the turn with ECONNREFUSED in its message', async () => {
  const port = await closedPort();
  const home = await tempDir('weft-home-');
  await writeFile(
    `${home}/config.toml`,
    `model_provider = "down"\n[model_providers.down]\nbase_url = "http://127.0.0.1:${port}/v1"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const thread = await (await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home })).startThread();
  const outcome = await thread.run('hi');
  await thread.close();
  expect(outcome.status).toBe('failed');
  expect(outcome.status === 'failed' && String((outcome.error as Error).message)).toMatch(new RegExp(`could not connect: .*\\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)`));
});
