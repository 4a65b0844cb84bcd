// The mock Responses server (src/testing/mock-responses-server.ts), for the scripts and tests.
// Standalone: `tsx scripts/mock-responses-server.ts [--port N]` prints its URL and answers every
// POST .../responses with a streamed text reply that echoes the last user text.
import { pathToFileURL } from 'node:url';
import { startMockResponsesServer } from '../src/testing/mock-responses-server.js';

export * from '../src/testing/mock-responses-server.js';

async function main(): Promise<void> {
  const portArg = process.argv.indexOf('--port');
  const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 0;
  const server = await startMockResponsesServer({ port });
  process.stdout.write(`${server.url}\n`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
