// Owns one question about a stored `message` item: is it something the user typed (a turn boundary),
// context the engine injected at the start of a turn, or neither. Fork cuts and list previews need
// it; it works on raw parsed payloads so callers need not validate the whole item first.
//
// Codex 0.98 treats a role=user message as not-user-input when a text part is a "contextual" one:
// `<environment_context>` / `<turn_aborted>` (case-insensitive, after leading whitespace), AGENTS.md /
// `<user_instructions>` blocks, `<skill>` blocks and `<user_shell_command>` records.

export type MessageKind =
  /** Real user input: the message that starts a user turn. */
  | 'user-input'
  /** Context injected at the start of a turn (developer messages, environment, AGENTS.md, skills). */
  | 'turn-context'
  /** Any other item (assistant messages, tool calls, aborted-turn and shell-command records). */
  | 'other';

const TURN_CONTEXT_PREFIXES_CI = ['<environment_context>'];
const TURN_CONTEXT_PREFIXES = ['# AGENTS.md instructions for ', '<user_instructions>', '<skill>'];
const OTHER_CONTEXTUAL_PREFIXES_CI = ['<turn_aborted>', '<user_shell_command>', '<subagent_notification>'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function textParts(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const part of content) {
    if (isRecord(part) && (part.type === 'input_text' || part.type === 'output_text') && typeof part.text === 'string') {
      out.push(part.text);
    }
  }
  return out;
}

function startsWithCi(text: string, prefix: string): boolean {
  return text.slice(0, prefix.length).toLowerCase() === prefix;
}

/**
 * Classifies a response_item payload (already JSON-parsed, not necessarily validated).
 * `contextPrefixes` adds the openings of the loaded pack's injected user messages (weft's own pack
 * words its AGENTS.md header differently from Codex's), so rollouts of either are read right.
 */
export function messageKind(payload: unknown, contextPrefixes: readonly string[] = []): MessageKind {
  if (!isRecord(payload) || payload.type !== 'message') return 'other';
  if (payload.role === 'developer') return 'turn-context';
  if (payload.role !== 'user') return 'other';
  for (const text of textParts(payload.content)) {
    const t = text.trimStart();
    if (TURN_CONTEXT_PREFIXES_CI.some((p) => startsWithCi(t, p))) return 'turn-context';
    if (TURN_CONTEXT_PREFIXES.some((p) => text.startsWith(p))) return 'turn-context';
    if (contextPrefixes.some((p) => p !== '' && text.startsWith(p))) return 'turn-context';
    if (OTHER_CONTEXTUAL_PREFIXES_CI.some((p) => startsWithCi(t, p))) return 'other';
  }
  return 'user-input';
}

/** The text a user message carries (its text parts joined by newlines). */
export function messageText(payload: unknown): string {
  return isRecord(payload) ? textParts(payload.content).join('\n') : '';
}
