// Turning a wire output item (what `response.output_item.done` or the compact endpoint carries) into
// the item weft stores in history, writes to the rollout and sends back, exactly as Codex 0.98 does.
// Codex parses the wire item into its own item type and serializes that: fields it does not model
// (id, status, annotations, logprobs…) vanish, absent optionals of some types become explicit nulls,
// and keys come out in its declaration order. Each builder below writes keys in that order.
import type { z } from 'zod';
import type { ContentPart, ResponseItem } from '../../protocol/responses-items.js';
import { Role } from '../../protocol/responses-items.js';
import {
  WireCompactionItem,
  WireCustomToolCallItem,
  WireCustomToolCallOutputItem,
  WireFunctionCallItem,
  WireFunctionCallOutputItem,
  WireImagePart,
  WireLocalShellCallItem,
  WireMessageItem,
  WireReasoningItem,
  WireTextPart,
  WireWebSearchCallItem,
} from '../../protocol/responses-events.js';
import { ToolSearchCallItem } from '../../protocol/responses-items.js';

export type CanonicalItemResult =
  | { ok: true; item: ResponseItem }
  /** `unknownType`: Codex would read the item as "other" and never keep it; otherwise it is malformed. */
  | { ok: false; reason: string; unknownType: boolean };

const MESSAGE_PHASES = new Set(['commentary', 'final_answer']);

/** The canonical history item for a wire item, or null when Codex 0.98 would not keep it. */
export function toHistoryItem(outputItem: unknown): ResponseItem | null {
  const result = canonicalizeOutputItem(outputItem);
  return result.ok ? result.item : null;
}

/** Like toHistoryItem, but says why an item is not kept. Pure. */
export function canonicalizeOutputItem(outputItem: unknown): CanonicalItemResult {
  if (typeof outputItem !== 'object' || outputItem === null || Array.isArray(outputItem)) {
    return malformed('output item is not a JSON object');
  }
  const type = (outputItem as { type?: unknown }).type;
  switch (type) {
    case 'message':
      return parsed(WireMessageItem, outputItem, messageItem);
    case 'reasoning':
      return parsed(WireReasoningItem, outputItem, reasoningItem);
    case 'function_call':
      return parsed(WireFunctionCallItem, outputItem, (w) => ({
        type: 'function_call',
        name: w.name,
        ...(w.namespace !== undefined ? { namespace: w.namespace } : {}),
        arguments: w.arguments,
        call_id: w.call_id,
      }));
    case 'tool_search_call':
      return parsed(ToolSearchCallItem, outputItem, (w) => w);
    case 'function_call_output':
      return parsed(WireFunctionCallOutputItem, outputItem, (w) => ({
        type: 'function_call_output',
        call_id: w.call_id,
        output:
          typeof w.output === 'string'
            ? w.output
            : w.output.map((part) =>
                part.type === 'input_text'
                  ? { type: 'input_text' as const, text: part.text }
                  : { type: 'input_image' as const, image_url: part.image_url },
              ),
      }));
    case 'custom_tool_call':
      return parsed(WireCustomToolCallItem, outputItem, (w) => ({
        type: 'custom_tool_call',
        ...(typeof w.status === 'string' ? { status: w.status } : {}),
        call_id: w.call_id,
        name: w.name,
        input: w.input,
      }));
    case 'custom_tool_call_output':
      return parsed(WireCustomToolCallOutputItem, outputItem, (w) => ({
        type: 'custom_tool_call_output',
        call_id: w.call_id,
        output: w.output,
      }));
    case 'local_shell_call':
      return parsed(WireLocalShellCallItem, outputItem, (w) => ({
        type: 'local_shell_call',
        // Codex keeps these as plain optionals without a skip rule: absent ones are written as null.
        call_id: w.call_id ?? null,
        status: w.status,
        action: {
          type: 'exec',
          command: w.action.command,
          timeout_ms: w.action.timeout_ms ?? null,
          working_directory: w.action.working_directory ?? null,
          env: w.action.env ?? null,
          user: w.action.user ?? null,
        },
      }));
    case 'web_search_call':
      return parsed(WireWebSearchCallItem, outputItem, webSearchItem);
    case 'compaction':
    case 'compaction_summary':
      // `compaction_summary` is an alias Codex reads; it always writes `compaction`.
      return parsed(WireCompactionItem, outputItem, (w) => ({
        type: 'compaction',
        encrypted_content: w.encrypted_content,
      }));
    default:
      return {
        ok: false,
        unknownType: true,
        reason:
          typeof type === 'string'
            ? `output item type '${type}' is not one Codex 0.98 keeps in history`
            : 'output item has no string `type`',
      };
  }
}

function parsed<S extends z.ZodType>(
  schema: S,
  raw: object,
  build: (wire: z.infer<S>) => ResponseItem | string,
): CanonicalItemResult {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    return malformed(`${describe(raw)} does not fit its schema${where}: ${issue?.message ?? 'invalid'}`);
  }
  const built = build(result.data);
  return typeof built === 'string' ? malformed(`${describe(raw)}: ${built}`) : { ok: true, item: built };
}

function messageItem(w: z.infer<typeof WireMessageItem>): ResponseItem | string {
  const role = Role.safeParse(w.role);
  if (!role.success) return `role '${w.role}' is not a message role`;
  const content: ContentPart[] = [];
  for (const [index, part] of w.content.entries()) {
    const text = WireTextPart.safeParse(part);
    if (text.success) {
      content.push({ type: text.data.type, text: text.data.text });
      continue;
    }
    const image = WireImagePart.safeParse(part);
    // 0.98 has no `detail` on images: it is dropped like every other unknown field.
    if (image.success) {
      content.push({ type: 'input_image', image_url: image.data.image_url });
      continue;
    }
    // Codex fails to read the whole item on a part it does not model (e.g. `refusal`) and drops it.
    return `content[${index}] of type '${part.type}' is not a content part Codex 0.98 reads`;
  }
  if (typeof w.phase === 'string' && !MESSAGE_PHASES.has(w.phase)) return `phase '${w.phase}' is unknown`;
  return {
    type: 'message',
    role: role.data,
    content,
    ...(typeof w.end_turn === 'boolean' ? { end_turn: w.end_turn } : {}),
    ...(typeof w.phase === 'string' ? { phase: w.phase } : {}),
  };
}

function reasoningItem(w: z.infer<typeof WireReasoningItem>): ResponseItem {
  const content = w.content ?? null;
  return {
    type: 'reasoning',
    summary: w.summary.map((part) => ({ type: 'summary_text' as const, text: part.text })),
    // Codex omits `content` entirely when it holds `reasoning_text` parts; weft's ReasoningItem has
    // no way to say "absent" yet, so such content is stored as null (the shape a resumed Codex sends).
    content:
      content === null || content.some((part) => part.type === 'reasoning_text')
        ? null
        : content.map((part) => ({ type: part.type, text: part.text })),
    encrypted_content: w.encrypted_content ?? null,
  };
}

function webSearchItem(w: z.infer<typeof WireWebSearchCallItem>): ResponseItem {
  return {
    type: 'web_search_call',
    ...(typeof w.status === 'string' ? { status: w.status } : {}),
    ...(w.action ? { action: webSearchAction(w.action) } : {}),
  };
}

type WireWebSearchAction = NonNullable<z.infer<typeof WireWebSearchCallItem>['action']>;

// Codex models three actions and reads any other as `other`; absent optionals are skipped.
function webSearchAction(a: WireWebSearchAction): { type: string; [key: string]: unknown } {
  const opt = (key: string, value: unknown) => (value === null || value === undefined ? {} : { [key]: value });
  switch (a.type) {
    case 'search':
      return { type: 'search', ...opt('query', a.query), ...opt('queries', a.queries) };
    case 'open_page':
      return { type: 'open_page', ...opt('url', a.url) };
    case 'find_in_page':
      return { type: 'find_in_page', ...opt('url', a.url), ...opt('pattern', a.pattern) };
    default:
      return { type: 'other' };
  }
}

function describe(raw: object): string {
  const type = (raw as { type?: unknown }).type;
  const id = (raw as { id?: unknown }).id;
  return `output item '${String(type)}'${typeof id === 'string' ? ` (${id})` : ''}`;
}

function malformed(reason: string): CanonicalItemResult {
  return { ok: false, reason, unknownType: false };
}
