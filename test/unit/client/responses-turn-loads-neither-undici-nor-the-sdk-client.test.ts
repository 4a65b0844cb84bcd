// A request on the Responses wire (every `weft exec` turn) is sent by weft itself: it loads neither
// the openai SDK's client nor Node's undici, which the first use of fetch's Headers or Response
// would load (tens of milliseconds of a one-shot process), nor with a proxy set (node:http forwards
// to it, or tunnels). A child process runs one request against the mock and reports what was loaded.
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { runWithLoadHook } from '../../support/module-load-hook.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// One streamed request to the mock (the compiled library, as the bin's bundle runs it); then whether
// Node loaded its internal undici, and which files of the openai package were loaded.
const SCRIPT = `
import { startMockResponsesServer } from './dist/src/testing/mock-responses-server.js';
import { streamResponse } from './dist/src/client/stream-response.js';
const server = await startMockResponsesServer();
const provider = { name: 'mock', baseUrl: server.url, envKey: 'MOCK_API_KEY', wireApi: 'responses' };
const body = { model: 'm', instructions: 'i', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], tools: [], tool_choice: 'auto', parallel_tool_calls: false, store: false, stream: true, include: [] };
const types = [];
for await (const batch of streamResponse({ provider, body, env: { MOCK_API_KEY: 'k' } })) for (const e of batch) types.push(e.type);
await server.close();
console.log(JSON.stringify({ types, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));
`;

async function run(env: Record<string, string>): Promise<{ types: string[]; undici: boolean; openai: string[] }> {
  const { stdout, loaded } = await runWithLoadHook(SCRIPT, ROOT, env);
  const openai = loaded.flatMap((url) => {
    const m = /\/node_modules\/openai\/(.*)$/.exec(url);
    return m?.[1] ? [m[1]] : [];
  });
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1) as string) as { types: string[]; undici: boolean }), openai };
}

it('completes a Responses request without loading undici or the openai client', async () => {
  const direct = await run({});
  expect(direct.types.at(-1)).toBe('completed');
  expect(direct.undici).toBe(false);
  expect(direct.openai.filter((f) => /^(index|client)\.mjs$|^resources\//.test(f))).toEqual([]);
});

it('with a proxy set and NO_PROXY naming the host, still sends it with node:http: neither undici nor the SDK client loads', async () => {
  const proxied = await run({ HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' });
  expect(proxied.types.at(-1)).toBe('completed');
  expect(proxied.undici).toBe(false);
  expect(proxied.openai.filter((f) => /^(index|client)\.mjs$|^resources\//.test(f))).toEqual([]);
});
