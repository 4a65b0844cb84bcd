// The snapshot of retained facts Codex 0.169 writes in each `compacted` line (`retained_context`):
// the answers the user gave to questions, the user's own messages and the model's messages, each
// with its place in the input counter, and where the counter stands. Each family keeps its last 8
// records within 64 KiB (a record over 16 KiB loses its text); a family that lost records says so.
// Built as the rollout is written, and rebuilt from the rollout when a thread is reopened.
type Payload = Record<string, unknown>;

const MAX_FAMILY_RECORDS = 8;
const MAX_RECORD_BYTES = 16_384;
const MAX_FAMILY_BYTES = 65_536;

const isPayload = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);
const bytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v));

interface Family {
  records: Payload[];
  incomplete: boolean;
}

/** The text of a message's text parts, one part a line. */
function messageText(item: Payload): string {
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .filter(isPayload)
    .map((part) => (typeof part.text === 'string' && (part.type === 'input_text' || part.type === 'output_text') ? part.text : undefined))
    .filter((t): t is string => t !== undefined)
    .join('\n');
}

function bound(family: Family): void {
  family.records.sort((a, b) => Number(a.order) - Number(b.order));
  while (family.records.length > MAX_FAMILY_RECORDS || bytes(family.records) > MAX_FAMILY_BYTES) {
    family.records.shift();
    family.incomplete = true;
  }
}

function familyOf(records: unknown, incomplete: unknown): Family {
  return { records: Array.isArray(records) ? records.filter(isPayload) : [], incomplete: incomplete === true };
}

export class RetainedContext {
  #answers: Family = { records: [], incomplete: false };
  #users: Family = { records: [], incomplete: false };
  #assistants: Family = { records: [], incomplete: false };

  /** Starts again from a compaction's snapshot, as recorded. */
  restore(snapshot: unknown): void {
    if (!isPayload(snapshot)) return;
    this.#answers = familyOf(snapshot.verified_answers, snapshot.incomplete);
    this.#users = familyOf(snapshot.user_messages, snapshot.user_messages_incomplete);
    this.#assistants = familyOf(snapshot.assistant_messages, snapshot.assistant_messages_incomplete);
  }

  /** A written item: a retained message (its metadata names it) joins its family. */
  noteItem(item: Payload, metadata: Payload): void {
    const source = metadata.retained_source;
    const order = metadata.user_input_order;
    if (!isPayload(source) || !isPayload(source.id) || typeof order !== 'number') return;
    const family = source.id.role === 'user' ? this.#users : source.id.role === 'assistant' ? this.#assistants : undefined;
    if (family === undefined) return;
    let record: Payload = { revision: source.revision, order, turn_id: source.id.turn_id ?? '', message_id: source.id.message_id ?? null, text: messageText(item), complete: source.complete === true };
    if (bytes(record) > MAX_RECORD_BYTES) record = { ...record, text: '', complete: false };
    family.records = family.records.filter((r) => record.message_id === null || r.message_id !== record.message_id);
    family.records.push(record);
    bound(family);
  }

  /** An accepted answer (a `retained_context` line's payload). */
  noteAnswer(answer: Payload): void {
    const { type: _type, acceptance_order: order, ...rest } = answer;
    this.#answers.records = this.#answers.records.filter((r) => r.turn_id !== rest.turn_id || r.call_id !== rest.call_id);
    this.#answers.records.push({ order: typeof order === 'number' ? order : 0, ...rest });
    bound(this.#answers);
  }

  /** The snapshot a `compacted` line carries, keys in Codex's order. */
  snapshot(nextOrder: number): Payload {
    return {
      verified_answers: this.#answers.records,
      incomplete: this.#answers.incomplete,
      user_messages: this.#users.records,
      user_messages_incomplete: this.#users.incomplete,
      assistant_messages: this.#assistants.records,
      assistant_messages_incomplete: this.#assistants.incomplete,
      next_order: nextOrder,
    };
  }
}
