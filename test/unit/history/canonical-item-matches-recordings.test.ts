// Every item the mock streamed in a recorded Codex 0.98 scenario (`response.output_item.done`) must
// become, byte for byte, the item Codex stored in its rollout or re-sent in a later request.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalizeOutputItem, toHistoryItem } from '../../../src/history/canonical-item.js';

const SCENARIOS = '/work/shared/conformance/codex-0.98/scenarios';

interface Exchange {
  request: string;
  reply: { status: number; sse?: { type: string; item?: unknown }[] };
}
interface Scenario {
  exchanges: Exchange[];
  rollouts: { file: string }[];
}

interface Recorded {
  /** JSON of every response_item payload in the scenario's rollouts. */
  rolloutItems: Set<string>;
  /** Text of every `compacted` line: where a local compaction's summary ends up. */
  compactedMessages: string[];
  /** JSON of input items of each request, by exchange index. */
  requestInputs: string[][];
}

function load(name: string): { scenario: Scenario; recorded: Recorded } {
  const dir = join(SCENARIOS, name);
  const scenario = JSON.parse(readFileSync(join(dir, 'scenario.json'), 'utf8')) as Scenario;
  const rolloutItems = new Set<string>();
  const compactedMessages: string[] = [];
  for (const { file } of scenario.rollouts) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const parsed = JSON.parse(line) as { type: string; payload: { message?: string } };
      if (parsed.type === 'response_item') rolloutItems.add(JSON.stringify(parsed.payload));
      if (parsed.type === 'compacted') compactedMessages.push(parsed.payload.message ?? '');
    }
  }
  const requestInputs = scenario.exchanges.map((ex) => {
    const req = JSON.parse(readFileSync(join(dir, ex.request), 'utf8')) as { body: { input?: unknown[] } };
    return (req.body.input ?? []).map((item) => JSON.stringify(item));
  });
  return { scenario, recorded: { rolloutItems, compactedMessages, requestInputs } };
}

function doneItems(exchange: Exchange): unknown[] {
  return (exchange.reply.sse ?? []).filter((e) => e.type === 'response.output_item.done').map((e) => e.item);
}

function textOf(item: unknown): string {
  const content = (item as { content?: { text?: string }[] }).content ?? [];
  return content.map((part) => part.text ?? '').join('');
}

const scenarioNames = readdirSync(SCENARIOS).filter((name) => existsSync(join(SCENARIOS, name, 'scenario.json')));

describe('canonical items match what Codex 0.98 stored and re-sent', () => {
  const checkedTypes = new Set<string>();

  it.each(scenarioNames)('%s: each streamed item appears verbatim in the rollout or a later request', (name) => {
    const { scenario, recorded } = load(name);
    scenario.exchanges.forEach((exchange, index) => {
      for (const raw of doneItems(exchange)) {
        const item = toHistoryItem(raw);
        expect(item, `${name} exchange ${index}: ${JSON.stringify(raw)}`).not.toBeNull();
        const json = JSON.stringify(item);
        const laterInputs = recorded.requestInputs.slice(index + 1).flat();
        if (recorded.rolloutItems.has(json) || laterInputs.includes(json)) {
          checkedTypes.add((raw as { type: string }).type);
          continue;
        }
        // A local compaction's summary is not kept as an item: Codex folds its text into the
        // `compacted` line. Anything else missing is a mismatch.
        const text = textOf(raw);
        expect(
          text !== '' && recorded.compactedMessages.some((m) => m.includes(text)),
          `${name} exchange ${index}: ${json} is neither in the rollout, nor in a later request, nor a compaction summary`,
        ).toBe(true);
      }
    });
  });

  it('covers messages, reasoning and function calls', () => {
    expect([...checkedTypes].sort()).toEqual(expect.arrayContaining(['function_call', 'message', 'reasoning']));
  });

  it('tool_call: a later request re-sends reasoning and function_call in Codex key order', () => {
    const { scenario, recorded } = load('tool_call');
    const [reasoning, call] = doneItems(scenario.exchanges[0]!).map((raw) => JSON.stringify(toHistoryItem(raw)));
    expect(recorded.requestInputs[1]).toContain(reasoning);
    expect(recorded.requestInputs[1]).toContain(call);
    expect(call).toBe('{"type":"function_call","name":"exec_command","arguments":"{\\"cmd\\":\\"echo hi\\"}","call_id":"call_mock_1"}');
  });
});

describe('items Codex 0.98 does not keep', () => {
  it('an unknown item type gives null, with a reason naming the type', () => {
    const result = canonicalizeOutputItem({ type: 'image_generation_call', id: 'ig_1', status: 'completed' });
    expect(result).toEqual({ ok: false, unknownType: true, reason: expect.stringContaining("'image_generation_call'") });
    expect(toHistoryItem({ type: 'image_generation_call' })).toBeNull();
  });

  it('a message with a content part Codex cannot read (refusal) is dropped whole', () => {
    const result = canonicalizeOutputItem({
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      content: [{ type: 'refusal', refusal: 'no' }],
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain("content[0] of type 'refusal'");
  });

  it('a function_call without call_id is malformed, naming the field', () => {
    const result = canonicalizeOutputItem({ type: 'function_call', name: 'x', arguments: '{}' });
    expect(result).toMatchObject({ ok: false, unknownType: false, reason: expect.stringContaining('call_id') });
  });
});

describe('shapes of the other item types', () => {
  it('reasoning keeps text content and encrypted content, drops id', () => {
    const item = toHistoryItem({
      id: 'rs_1',
      type: 'reasoning',
      summary: [],
      content: [{ type: 'text', text: 'thinking' }],
      encrypted_content: 'gAAA',
    });
    expect(JSON.stringify(item)).toBe(
      '{"type":"reasoning","summary":[],"content":[{"type":"text","text":"thinking"}],"encrypted_content":"gAAA"}',
    );
  });

  it('compaction_summary is read as compaction, without id', () => {
    const item = toHistoryItem({ type: 'compaction_summary', id: 'cmp_1', encrypted_content: 'enc' });
    expect(JSON.stringify(item)).toBe('{"type":"compaction","encrypted_content":"enc"}');
  });

  it('custom_tool_call keeps status, local_shell_call writes absent optionals as null', () => {
    expect(
      JSON.stringify(toHistoryItem({ type: 'custom_tool_call', id: 'ctc', status: 'completed', call_id: 'c', name: 'apply_patch', input: 'x' })),
    ).toBe('{"type":"custom_tool_call","status":"completed","call_id":"c","name":"apply_patch","input":"x"}');
    expect(
      JSON.stringify(toHistoryItem({ type: 'local_shell_call', id: 'ls', call_id: 'c', status: 'completed', action: { type: 'exec', command: ['ls'] } })),
    ).toBe(
      '{"type":"local_shell_call","call_id":"c","status":"completed","action":{"type":"exec","command":["ls"],"timeout_ms":null,"working_directory":null,"env":null,"user":null}}',
    );
  });

  it('web_search_call keeps status and a known action, reads an unknown action as other', () => {
    expect(
      JSON.stringify(toHistoryItem({ type: 'web_search_call', id: 'ws', status: 'completed', action: { type: 'search', query: 'q', sources: [] } })),
    ).toBe('{"type":"web_search_call","status":"completed","action":{"type":"search","query":"q"}}');
    expect(JSON.stringify(toHistoryItem({ type: 'web_search_call', action: { type: 'scroll' } }))).toBe(
      '{"type":"web_search_call","action":{"type":"other"}}',
    );
  });

  it('message annotations, logprobs, status and id are dropped; phase is kept', () => {
    const item = toHistoryItem({
      type: 'message',
      id: 'msg_1',
      status: 'completed',
      role: 'assistant',
      phase: 'final_answer',
      content: [{ type: 'output_text', text: 'hi', annotations: [{ type: 'url_citation' }], logprobs: [] }],
    });
    expect(JSON.stringify(item)).toBe(
      '{"type":"message","role":"assistant","content":[{"type":"output_text","text":"hi"}],"phase":"final_answer"}',
    );
  });
});
