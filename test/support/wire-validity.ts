// What each API requires of a request, checked the way the server would: the schema, plus the rules a
// schema cannot say (call/result pairing, alternation, breakpoint limit). Returns the problems found.
import { AnthropicRequestBody } from '../../protocol/anthropic-messages.js';
import { ChatRequestBody } from '../../protocol/chat-completions.js';
import { ResponsesRequestBody } from '../../protocol/responses-request.js';

function schemaProblems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `schema: ${i.path.map(String).join('.')}: ${i.message}`);
}

export function chatRequestProblems(body: unknown): string[] {
  const parsed = ChatRequestBody.safeParse(body);
  const problems = schemaProblems(parsed);
  if (!parsed.success) return problems;
  const messages = parsed.data.messages;
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && m.tool_calls) {
      const ids = m.tool_calls.map((c) => c.id);
      const following = messages.slice(i + 1, i + 1 + ids.length).map((n) => (n.role === 'tool' ? n.tool_call_id : `<${n.role}>`));
      if (JSON.stringify(following) !== JSON.stringify(ids)) problems.push(`message ${i}: tool calls ${ids.join(',')} are followed by ${following.join(',')}`);
    }
    if (m.role === 'tool') {
      const before = messages.slice(0, i).reverse().find((n) => n.role !== 'tool');
      if (!(before?.role === 'assistant' && before.tool_calls?.some((c) => c.id === m.tool_call_id))) problems.push(`message ${i}: tool result ${m.tool_call_id} has no call right before it`);
    }
  });
  return problems;
}

export function anthropicRequestProblems(body: unknown): string[] {
  const parsed = AnthropicRequestBody.safeParse(body);
  const problems = schemaProblems(parsed);
  if (!parsed.success) return problems;
  const messages = parsed.data.messages;
  if (messages[0]?.role !== 'user') problems.push('the first message is not a user message');
  let breakpoints = 0;
  messages.forEach((m, i) => {
    if (i > 0 && messages[i - 1]?.role === m.role) problems.push(`messages ${i - 1} and ${i} are both ${m.role}`);
    for (const b of m.content) if (b.cache_control) breakpoints++;
    const uses = m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    const next = messages[i + 1];
    const results = next?.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])) ?? [];
    if (m.role === 'assistant' && uses.length > 0) {
      if (JSON.stringify([...results].sort()) !== JSON.stringify([...uses].sort())) problems.push(`message ${i}: tool_use ${uses.join(',')} answered by ${results.join(',') || 'nothing'}`);
      const firstOther = next?.content.findIndex((b) => b.type !== 'tool_result') ?? -1;
      if (firstOther >= 0 && firstOther < results.length) problems.push(`message ${i + 1}: tool results do not come first`);
    }
    if (m.role === 'user') {
      const ownResults = m.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
      const prevUses = messages[i - 1]?.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])) ?? [];
      for (const id of ownResults) if (!prevUses.includes(id)) problems.push(`message ${i}: tool_result ${id} without a tool_use right before`);
    }
  });
  if (breakpoints > 4) problems.push(`${breakpoints} cache breakpoints (at most 4)`);
  return problems;
}

export function responsesRequestProblems(body: unknown): string[] {
  const parsed = ResponsesRequestBody.safeParse(body);
  const problems = schemaProblems(parsed);
  if (!parsed.success) return problems;
  const seen = new Set<string>();
  const input = parsed.data.input;
  input.forEach((item, i) => {
    if (item.type === 'function_call') {
      seen.add(item.call_id);
      if (!input.slice(i + 1).some((o) => o.type === 'function_call_output' && o.call_id === item.call_id)) problems.push(`item ${i}: call ${item.call_id} has no output`);
    }
    if (item.type === 'function_call_output' && item.call_id !== undefined && !seen.has(item.call_id)) problems.push(`item ${i}: output ${item.call_id} has no call before it`);
  });
  return problems;
}
