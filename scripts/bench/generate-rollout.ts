// Generated rollouts for the benchmarks: realistic turns (a user message, five tool calls with
// 1–20 KB outputs and reasoning with encrypted content, an answer), optionally with a local
// compaction every `compactEvery` turns written the way weft writes one.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { buildCompactedHistory } from '../../src/history/compacted-history.js';
import { textMessage } from '../../src/history/message.js';
import { rolloutPath } from '../../src/rollout/store/paths.js';
import { responseItemLine, sessionMetaLine } from '../../src/rollout/format/records.js';
import { codex098Records } from '../../src/profile/codex-0.98/records.js';

const { compacted: compactedLine, contextCompacted: contextCompactedEvent, userMessage: userMessageEvent } = codex098Records;
import { RolloutWriter, rolloutTimestamp, type RolloutLineInput } from '../../src/rollout/format/writer.js';
import { newThreadId } from '../../src/rollout/store/thread-id.js';

export interface GeneratedRollout {
  readonly id: string;
  readonly path: string;
  readonly turns: number;
}

const turnContext = (): RolloutLineInput => ({
  type: 'turn_context',
  payload: { cwd: '/repo', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'gpt-5.2-codex', summary: 'auto' },
});

function turnItems(turn: number): ResponseItem[] {
  const items: ResponseItem[] = [textMessage('user', `question ${turn}`)];
  for (let call = 0; call < 5; call++) {
    const callId = `call_${turn}_${call}`;
    items.push(
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }], content: null, encrypted_content: 'e'.repeat(2000) },
      { type: 'function_call', name: 'exec_command', arguments: '{"cmd":"ls"}', call_id: callId },
      { type: 'function_call_output', call_id: callId, output: 'o'.repeat(1024 + ((turn * 7 + call * 13) % 19) * 1024) },
    );
  }
  items.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `answer ${turn}` }] });
  return items;
}

export async function generateRollout(home: string, targetBytes: number, opts: { compactEvery?: number } = {}): Promise<GeneratedRollout> {
  const id = newThreadId();
  const path = rolloutPath(home, id);
  const writer = await RolloutWriter.create(
    path,
    sessionMetaLine({ id, timestamp: rolloutTimestamp(), cwd: '/repo', originator: 'bench', cliVersion: '0.98.0', source: 'exec', modelProvider: 'mock', baseInstructions: 'x'.repeat(8000) }),
  );
  let size = 0;
  let turn = 0;
  const users: string[] = [];
  while (size < targetBytes) {
    const items = turnItems(turn);
    users.push(`question ${turn}`);
    const lines = [...items.map(responseItemLine), userMessageEvent(`question ${turn}`), turnContext()];
    if (opts.compactEvery && (turn + 1) % opts.compactEvery === 0) {
      const rebuilt = buildCompactedHistory([], users, `summary after turn ${turn}`);
      lines.push(turnContext(), compactedLine(`summary after turn ${turn}`, rebuilt), contextCompactedEvent());
    }
    await writer.append(lines);
    size += lines.reduce((n, l) => n + JSON.stringify(l.payload).length + 60, 0);
    turn++;
  }
  await writer.close();
  return { id, path, turns: turn };
}
