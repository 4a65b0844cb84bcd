import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Weft } from 'weft';
import { mockProvider, startMockResponsesServer, textReply } from 'weft/testing';

// A scripted model on 127.0.0.1: no key, no network.
const mock = await startMockResponsesServer({ respond: () => textReply('All tests pass.') });
const home = await mkdtemp(path.join(os.tmpdir(), 'weft-example-'));
const weft = await Weft.open({ env: { PATH: process.env.PATH }, cwd: home, home, configOverrides: mockProvider(mock.url) });

const thread = await weft.startThread();
const outcome = await thread.run('Run the tests', {
  onEvent: (event) => event.type === 'text_delta' && process.stdout.write(event.delta),
});
await thread.close();
console.log(`\n${outcome.status}; the model got ${mock.requests.length} request(s)`);

// The thread store reads what is stored, without taking the thread's lock.
const { threads } = await weft.threads.list();
const stored = await weft.threads.read(threads[0].id);
console.log(`stored: ${stored.conversation.map((message) => message.role).join(', ')}`);
await mock.close();
