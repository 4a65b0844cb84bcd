// A server (or a proxy in front of it) that answers with a long HTML error page: the failure message
// keeps the start of it, enough to recognize it, instead of the whole page on every line.
import { writeFile } from 'node:fs/promises';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { startMockWireServer, type MockWireServer } from '../../support/mock-wire-servers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let server: MockWireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeTempDirs();
});

const PAGE = `<html><body><h1>502 Bad Gateway</h1>${'<p>upstream trouble</p>\n'.repeat(300)}</body></html>`;

it.each(['responses', 'anthropic'])('on the %s wire, a 5 KB HTML error page is clipped to its start', async (wireApi) => {
  server = await startMockWireServer(() => ({ status: 502, body: PAGE, headers: { 'content-type': 'text/html' } }));
  const home = await tempDir('weft-home-');
  await writeFile(
    `${home}/config.toml`,
    `model = "local-model"\nmodel_provider = "p"\n[model_providers.p]\nbase_url = "${server.url}"\nwire_api = "${wireApi}"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const thread = await (await Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home })).startThread();
  const outcome = await thread.run('hi');
  await thread.close();
  const message = outcome.status === 'failed' ? String((outcome.error as Error).message) : '';
  expect(message).toContain('502 Bad Gateway');
  expect(message).toMatch(/… \(\d+ characters\)/);
  expect(message.length).toBeLessThan(800);
});
