// A history as plain text for the summarization prompt: one block per item, labelled with who said
// it. Encrypted reasoning and compaction items carry nothing readable and are left out.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { messageText } from '../../history/message.js';

export function historyTranscript(items: readonly ResponseItem[]): string {
  const blocks: string[] = [];
  for (const item of items) {
    const block = itemBlock(item);
    if (block !== undefined) blocks.push(block);
  }
  return blocks.join('\n\n');
}

function outputText(output: string | readonly { type: string; text?: string }[]): string {
  return typeof output === 'string' ? output : output.map((p) => p.text ?? `[${p.type}]`).join('');
}

function itemBlock(item: ResponseItem): string | undefined {
  switch (item.type) {
    case 'message':
      return `[${item.role}]\n${messageText(item) ?? ''}`;
    case 'reasoning': {
      const text = item.summary.map((s) => s.text).join('\n');
      return text === '' ? undefined : `[reasoning]\n${text}`;
    }
    case 'function_call':
      return `[tool call ${item.name}]\n${item.arguments}`;
    case 'function_call_output':
      return `[tool output]\n${outputText(item.output)}`;
    case 'custom_tool_call':
      return `[tool call ${item.name}]\n${item.input}`;
    case 'custom_tool_call_output':
      return `[tool output]\n${outputText(item.output)}`;
    case 'local_shell_call':
      return `[shell]\n${JSON.stringify(item.action)}`;
    case 'web_search_call':
      return `[web search]\n${JSON.stringify(item.action ?? {})}`;
    case 'compaction':
    case 'compaction_summary':
      return undefined;
    default:
      // Item kinds added later: shown as they are rather than silently lost.
      return `[${item.type}]\n${JSON.stringify(item)}`;
  }
}
