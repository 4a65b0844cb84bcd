// History repair before every request: every tool call gets an output (a missing one gets the pack's
// "aborted" text) and an output whose call is gone is dropped, so no wire ever sees an orphan.
import type { ResponseItem } from '../../protocol/responses-items.js';

export function pairCallsWithOutputs(items: readonly ResponseItem[], abortedOutput: string): ResponseItem[] {
  const calls = new Set<string>();
  const outputs = new Set<string>();
  for (const item of items) {
    if (item.type === 'function_call' || item.type === 'custom_tool_call') calls.add(item.call_id);
    else if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined) outputs.add(item.call_id);
  }
  const result: ResponseItem[] = [];
  for (const item of items) {
    // An output without a call id is context (Codex 0.169's goal objective), not an answer.
    if ((item.type === 'function_call_output' || item.type === 'custom_tool_call_output') && item.call_id !== undefined && !calls.has(item.call_id)) continue;
    result.push(item);
    if (item.type === 'function_call' && !outputs.has(item.call_id)) {
      result.push({ type: 'function_call_output', call_id: item.call_id, output: abortedOutput });
    } else if (item.type === 'custom_tool_call' && !outputs.has(item.call_id)) {
      result.push({ type: 'custom_tool_call_output', call_id: item.call_id, output: abortedOutput });
    }
  }
  return result;
}
