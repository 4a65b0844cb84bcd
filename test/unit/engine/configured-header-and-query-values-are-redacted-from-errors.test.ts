// A provider's `env_http_headers` and `query_params` values may be credentials: a server that echoes
// them in its error body must not get them into a retry reason or the turn's error, on any wire.
// Values shorter than 8 characters are no credentials and stay (redacting them would garble messages).
import { writeFile } from 'node:fs/promises';
import { afterEach, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import type { ThreadEvent } from '../../../src/thread/thread-events.js';
import { startMockWireServer, type MockWireServer } from '../../support/mock-wire-servers.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let server: MockWireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await removeTempDirs();
});

const TENANT_TOKEN = 'tenant-tok-5f2a9c';
const QUERY_SIG = 'sig/with+chars=1';
const SHORT_VERSION = 'v2024';

it.each(['responses', 'chat', 'anthropic'])('on the %s wire, header and query values echoed in error bodies are redacted', async (wireApi) => {
  const errorBody = (type: string): string =>
    JSON.stringify({
      error: { type, message: `rejected token ${TENANT_TOKEN} for sig=${QUERY_SIG} (also ${encodeURIComponent(QUERY_SIG)}), version ${SHORT_VERSION}` },
    });
  // A 500 first (a reported stream retry, at once: retry-after-ms 0), then a final 400.
  server = await startMockWireServer((_req, index) =>
    index === 0
      ? { status: 500, body: errorBody('server_error'), headers: { 'retry-after-ms': '0' } }
      : { status: 400, body: errorBody('invalid_request_error') },
  );
  const home = await tempDir('weft-home-');
  await writeFile(
    `${home}/config.toml`,
    [
      'model = "local-model"',
      'model_provider = "p"',
      '[model_providers.p]',
      `base_url = "${server.url}"`,
      `wire_api = "${wireApi}"`,
      'request_max_retries = 0',
      'stream_max_retries = 1',
      `query_params = { "sig" = "${QUERY_SIG}", "v" = "${SHORT_VERSION}" }`,
      'env_http_headers = { "X-Tenant-Token" = "TENANT_TOKEN" }',
      '',
    ].join('\n'),
  );
  const env = { PATH: process.env.PATH, HOME: home, WEFT_HOME: home, TENANT_TOKEN };
  const thread = await (await Weft.open({ env, cwd: home })).startThread();
  const events: ThreadEvent[] = [];
  const outcome = await thread.run('hi', { onEvent: (e) => void events.push(e) });
  await thread.close();

  // The values were really sent, so the server could echo them.
  expect(server.requests).toHaveLength(2);
  expect(server.requests[0]?.headers['x-tenant-token']).toBe(TENANT_TOKEN);

  expect(outcome.status).toBe('failed');
  const message = outcome.status === 'failed' ? String((outcome.error as Error).message) : '';
  expect(message).toContain('HTTP 400');
  expect(message).toContain('[redacted]');
  expect(message).toContain(`version ${SHORT_VERSION}`);
  const retry = events.find((e) => e.type === 'retrying');
  expect(retry).toBeDefined();
  for (const text of [message, JSON.stringify(events)]) {
    expect(text).not.toContain(TENANT_TOKEN);
    expect(text).not.toContain(QUERY_SIG);
    expect(text).not.toContain(encodeURIComponent(QUERY_SIG));
  }
});
