import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import { Weft } from 'weft';
import { mockProvider, startMockResponsesServer, textReply } from 'weft/testing';

const mock = await startMockResponsesServer({ respond: () => textReply('All tests pass.') }); // a scripted model on 127.0.0.1
const home = await mkdtemp(`${os.tmpdir()}/weft-`); // a fresh weft home; drop `home` and `configOverrides` to use yours
const weft = await Weft.open({ env: { PATH: process.env.PATH }, cwd: process.cwd(), home, configOverrides: mockProvider(mock.url) });
const thread = await weft.startThread();
const outcome = await thread.run('Run the tests');
await thread.close();
console.log(`${outcome.status}: ${outcome.lastMessage}`);
for (const { role, text } of (await weft.threads.read(thread.id)).conversation) console.log(`${role}: ${text}`);
await mock.close();
