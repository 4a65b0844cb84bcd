// The `McpToolCall` item 0.169 records (in an `item_completed` event) when an MCP tool call ends,
// between the call and its output. Field order and shapes are the recorded ones: the tool's result as
// the server sent it (`content`, `structuredContent` when given, `isError` when given), the call's
// duration as Rust's Duration (`secs`, `nanos`), and the failure that kept the call from the server.
import type { McpCallRecord } from '../../thread/turn-ports.js';
import { rustDuration as duration } from './tool-call-items.js';

export function mcpToolCallItem(call: McpCallRecord): Record<string, unknown> {
  const failed = call.error !== null || call.result?.isError === true;
  const result =
    call.result === null
      ? undefined
      : {
          content: call.result.content,
          ...(call.result.structuredContent !== null && call.result.structuredContent !== undefined ? { structuredContent: call.result.structuredContent } : {}),
          ...(call.result.isError !== undefined ? { isError: call.result.isError } : {}),
        };
  return {
    type: 'McpToolCall',
    id: call.callId,
    server: call.server,
    tool: call.tool,
    arguments: call.arguments,
    status: failed ? 'failed' : 'completed',
    ...(result !== undefined ? { result } : {}),
    ...(call.error !== null ? { error: { message: call.error } } : {}),
    duration: duration(call.durationMs),
  };
}
