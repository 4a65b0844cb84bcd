// What a rollout records of a conversation, read the same way for both generations: codex-0.98 adds
// `user_message` / `agent_message` events, codex-0.169 does not, but both keep every prompt and every
// answer as a `response_item` message.

type Line = { type: string; payload: { type?: string; role?: string; content?: Array<{ text?: string }> } };

function messages(rollout: string, role: 'user' | 'assistant'): string[] {
  return rollout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.type === 'response_item' && l.payload.type === 'message' && l.payload.role === role)
    .map((l) => (l.payload.content ?? []).map((c) => c.text ?? '').join(''));
}

/** The prompts a rollout records: its user messages, less the context ones (they open with a tag). */
export function recordedPrompts(rollout: string): string[] {
  return messages(rollout, 'user').filter((text) => !text.startsWith('<'));
}

/** The assistant messages a rollout records. */
export function recordedAnswers(rollout: string): string[] {
  return messages(rollout, 'assistant');
}
