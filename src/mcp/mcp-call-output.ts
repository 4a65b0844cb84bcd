// What the model reads back from an MCP tool call, in each generation's form: the JSON text of the
// result's content array (0.98), or a header part from the pack (`tool_output/mcp_result_header.md`)
// followed by the content items as input parts (0.169). Pure.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FunctionCallOutputPayload } from '../../protocol/responses-items.js';

type Part = Exclude<FunctionCallOutputPayload, string>[number];

function contentPart(item: CallToolResult['content'][number]): Part {
  switch (item.type) {
    case 'text':
      return { type: 'input_text', text: item.text };
    case 'image':
      return { type: 'input_image', image_url: `data:${item.mimeType};base64,${item.data}` };
    default:
      // Audio, resource links and embedded resources have no input part of their own: the model reads their JSON.
      return { type: 'input_text', text: JSON.stringify(item) };
  }
}

/** 0.98: the content array as compact JSON. */
export function mcpOutputAsJson(result: CallToolResult): string {
  return JSON.stringify(result.content);
}

/** 0.169: the rendered header, then one part per content item. */
export function mcpOutputAsParts(result: CallToolResult, header: string): FunctionCallOutputPayload {
  return [{ type: 'input_text', text: header }, ...result.content.map(contentPart)];
}
