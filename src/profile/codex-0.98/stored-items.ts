// Items read back from a rollout of a newer generation (codex-0.169), as Codex 0.98 would send them:
// it reads only the fields it models, so ids, statuses, annotations and the per-item metadata fall
// away, and item types it does not know (code-mode tools, compaction triggers) are not kept.
import type { ContentPart, ResponseItem } from '../../../protocol/responses-items.js';

function part(p: ContentPart): ContentPart {
  return p.type === 'output_text' ? { type: 'output_text', text: p.text } : p;
}

export function storedItem098(item: ResponseItem): ResponseItem | undefined {
  switch (item.type) {
    case 'additional_tools':
    case 'compaction_trigger':
      return undefined;
    case 'message': {
      const { id: _id, status: _status, internal_chat_message_metadata_passthrough: _meta, ...rest } = item;
      return { ...rest, content: rest.content.map(part) };
    }
    case 'reasoning':
    case 'function_call':
    case 'function_call_output':
    case 'custom_tool_call':
    case 'custom_tool_call_output':
    case 'compaction':
    case 'compaction_summary': {
      const { id: _id, internal_chat_message_metadata_passthrough: _meta, ...rest } = item;
      if (rest.type === 'function_call') {
        const { status: _status, ...call } = rest;
        return call;
      }
      return rest;
    }
    default:
      return item;
  }
}
