// `npm start`: weft end to end with no key and no network. An embedded mock Responses server on
// 127.0.0.1 answers every request; a thread is started, resumed and forked in a scratch home, and
// weft prints what it sent and where the rollouts are.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Weft } from '../src/index.js';
import type { ThreadEvent } from '../src/thread/thread-events.js';
import {
  customToolCallReply,
  functionCallReply,
  startMockResponsesServer,
  textReply,
  type CapturedRequest,
  type MockReply,
} from './mock-responses-server.js';

// The patch the mock "model" sends: one hunk that rewrites the second line of greeting.txt.
const EDIT = ['*** Begin Patch', '*** Update File: greeting.txt', '@@', ' Hello,', '-world', '+weft, edited through apply_patch', '*** End Patch'].join('\n');

function reply(req: CapturedRequest, index: number): MockReply {
  // The first request asks for a shell command and the second edits a file, so the demo shows both tools.
  if (index === 0) return functionCallReply('exec_command', { cmd: 'echo hello from the shell' }, 'call_demo_1');
  if (index === 1) return customToolCallReply('apply_patch', EDIT, 'call_demo_2');
  return textReply(`(mock reply ${index + 1}) I received ${JSON.stringify(req.body).length} bytes of request.`);
}

/** The demo, each line of its report handed to `log` (a test reads them). */
export async function runDemo(log: (line: string) => void = console.log): Promise<void> {
  const showTool = (e: ThreadEvent): void => {
    if (e.type === 'command_started') log(`  $ ${e.command}`);
    if (e.type === 'file_change_finished') for (const c of e.changes) log(`  apply_patch ${c.kind} ${path.basename(c.path)}: ${e.status}`);
  };
  const mock = await startMockResponsesServer({ respond: reply });
  const home = await mkdtemp(path.join(os.tmpdir(), 'weft-demo-home-'));
  const work = await mkdtemp(path.join(os.tmpdir(), 'weft-demo-work-'));
  await writeFile(
    path.join(home, 'config.toml'),
    // A model whose tools travel in the request's `tools` field (a code-mode model's go in its input),
    // so that the mock's shell and apply_patch calls are calls of tools the request offered.
    `model = "gpt-5.5"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n\n[model_providers.mock]\nname = "Embedded mock"\nbase_url = "${mock.url}"\nwire_api = "responses"\n`,
  );
  await writeFile(path.join(work, 'AGENTS.md'), '# Demo project\n\nKeep answers short.\n');
  await writeFile(path.join(work, 'greeting.txt'), 'Hello,\nworld\n');
  log('weft demo — every reply below comes from an embedded mock server, not a model.');
  log(`mock: ${mock.url}\nhome: ${home}\ncwd:  ${work}\n`);
  try {
    const weft = await Weft.open({ env: { ...process.env, WEFT_HOME: home }, cwd: work });
    const thread = await weft.startThread();
    const first = await thread.run('Say hello from the shell, then fix greeting.txt.', { onEvent: showTool });
    log(`start  ${thread.id}: ${first.status === 'completed' ? first.lastMessage : first.status}`);
    log(`  greeting.txt now reads: ${JSON.stringify(await readFile(path.join(work, 'greeting.txt'), 'utf8'))}`);
    await thread.close();

    const resumed = await weft.resumeThread(thread.id);
    const second = await resumed.run('And once more, after a resume.');
    log(`resume ${resumed.id}: ${second.status === 'completed' ? second.lastMessage : second.status}`);
    await resumed.close();

    const fork = await weft.forkThread(thread.id, { at: 1 });
    const third = await fork.run('A different second question, on a fork.');
    log(`fork   ${fork.id}: ${third.status === 'completed' ? third.lastMessage : third.status}`);
    await fork.close();

    log(`\n${mock.requests.length} requests were sent. The last one:`);
    const last = mock.requests.at(-1)?.body as { model?: string; input?: unknown[]; tools?: Array<{ name?: string; type?: string }> } | undefined;
    const tools = last?.tools === undefined ? 'no tools field' : `${last.tools.length} tools (${last.tools.map((t) => t.name ?? t.type).join(', ')})`;
    log(`  model ${last?.model ?? '?'}, ${last?.input?.length ?? 0} input items, ${tools}`);
    log(`\nrollouts:\n  ${thread.rolloutPath}\n  ${fork.rolloutPath}`);
    log('\nTry: WEFT_HOME=' + home + ' npx weft thread list');
  } finally {
    await mock.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDemo().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  });
}
