// Threads for the viewer tests, made by the engine against the mock: a thread with three turns (the
// second runs a shell tool call), a manual compaction and a turn after it, then a fork of it with a
// turn of its own. The mock keeps every request it received, to compare with the rebuilt bodies.
import { fileURLToPath } from 'node:url';
import type { CompatProfileName } from '../../protocol/config.js';
import { functionCallReply, lastUserText, textReply, type CapturedRequest, type MockReply } from '../../scripts/mock-responses-server.js';
import { threadHarness, type ThreadHarness } from './thread-harness.js';

export const PACK_0169 = fileURLToPath(new URL('../../../shared/conformance/codex-0.169/pack/', import.meta.url));

export const PROMPTS = ['Describe the repository layout.', 'Run a tool: print hi with the shell.', 'Summarize what we did.', 'After the compaction: anything left?'];
export const FORK_PROMPT = 'Try another direction from here.';

export interface ViewThreads {
  readonly harness: ThreadHarness;
  readonly mainId: string;
  readonly forkId: string;
}

function respond(req: CapturedRequest, index: number): MockReply {
  const n = String(index + 1).padStart(4, '0');
  const input = (req.body as { input?: Array<{ type?: string }> }).input ?? [];
  const last = lastUserText(req.body) ?? '';
  const o = { id: `resp_mock${n}`, itemId: `msg_mock${n}` };
  if (last.startsWith('Run a tool') && input.at(-1)?.type !== 'function_call_output') {
    return functionCallReply('exec_command', { cmd: 'echo hi' }, `call_view_${n}`, { ...o, itemId: `fc_mock${n}` });
  }
  return textReply(`Reply ${index + 1}: ${last.slice(0, 40)}`, o);
}

export async function makeViewThreads(profile: CompatProfileName): Promise<ViewThreads> {
  const config = profile === 'codex-0.169' ? `compat = "codex-0.169"\npack = "${PACK_0169}"\nsandbox_mode = "danger-full-access"` : 'compat = "codex-0.98"\nsandbox_mode = "danger-full-access"';
  const harness = await threadHarness(respond, config);
  const weft = await harness.open();
  const thread = await weft.startThread();
  for (const prompt of PROMPTS.slice(0, 3)) await expectCompleted(thread.run(prompt));
  await thread.compact();
  await expectCompleted(thread.run(PROMPTS[3] as string));
  const mainId = thread.id;
  await thread.close();
  const fork = await weft.forkThread(mainId, { at: 1 });
  await expectCompleted(fork.run(FORK_PROMPT));
  const forkId = fork.id;
  await fork.close();
  return { harness, mainId, forkId };
}

async function expectCompleted(outcome: Promise<{ status: string }>): Promise<void> {
  const o = await outcome;
  if (o.status !== 'completed') throw new Error(`test thread: a turn ended ${o.status}: ${JSON.stringify(o)}`);
}
