// The row Codex 0.169 keeps for a thread in its state database (`threads` table), folded from the
// thread's rollout lines as they are written: the session's facts from session_meta, the latest
// model, effort and permissions from turn_context, the first user message as title and preview,
// and the running token total. Pure: the database writes live in thread-index.ts.
import type { RolloutLineInput } from '../format/writer.js';

/** The columns weft fills; every other column keeps the default Codex's schema gives it. */
export interface ThreadRow {
  id: string;
  rollout_path: string;
  created_at_ms: number;
  updated_at_ms: number;
  /** When the thread last took a user message (creation until then): what Codex sorts `resume --last` by. */
  recency_at_ms: number;
  source: string;
  model_provider: string;
  cwd: string;
  cli_version: string;
  originator: string | null;
  thread_source: string | null;
  /** The thread's own first user message (Codex fills title and first_user_message with it). */
  first_user_message: string;
  /** What pickers show: the first user message, or for a fork with none of its own yet, its parent's. */
  preview: string;
  /** `paginated`: the rollout is in Codex 0.169's format, its turns read a page at a time. */
  history_mode: 'paginated';
  sandbox_policy: string;
  approval_mode: string;
  model: string | null;
  reasoning_effort: string | null;
  tokens_used: number;
  archived_at_ms: number | null;
  git_sha: string | null;
  git_branch: string | null;
  git_origin_url: string | null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** How Codex stores an enum-like value: a bare string as is, anything else as compact JSON. */
function enumText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A row for a thread whose session_meta is `line`; undefined when it is not one. */
export function rowFromSessionMeta(line: RolloutLineInput, rolloutPath: string, nowMs: number): ThreadRow | undefined {
  const p = obj(line.payload);
  if (line.type !== 'session_meta' || !p) return undefined;
  const id = str(p.id);
  if (!id) return undefined;
  const created = Date.parse(str(p.timestamp) ?? line.timestamp ?? '');
  const createdMs = Number.isFinite(created) ? created : nowMs;
  const git = obj(p.git) ?? {};
  return {
    id,
    rollout_path: rolloutPath,
    created_at_ms: createdMs,
    updated_at_ms: createdMs,
    recency_at_ms: createdMs,
    source: enumText(p.source ?? 'exec'),
    model_provider: str(p.model_provider) ?? 'openai',
    cwd: str(p.cwd) ?? '',
    cli_version: str(p.cli_version) ?? '',
    originator: str(p.originator) ?? null,
    thread_source: str(p.thread_source) ?? null,
    first_user_message: '',
    preview: '',
    history_mode: 'paginated',
    // Codex's defaults before a turn says otherwise: read-only, ask on request.
    sandbox_policy: JSON.stringify({ type: 'read-only' }),
    approval_mode: 'on-request',
    model: null,
    reasoning_effort: null,
    tokens_used: 0,
    archived_at_ms: null,
    git_sha: str(git.commit_hash) ?? null,
    git_branch: str(git.branch) ?? null,
    git_origin_url: str(git.repository_url) ?? null,
  };
}

/** The first user text of an `item_completed` UserMessage or a `user_message` event. */
function userText(p: Json): string | undefined {
  if (p.type === 'user_message') return str(p.message);
  if (p.type !== 'item_completed') return undefined;
  const item = obj(p.item);
  if (!item || item.type !== 'UserMessage' || !Array.isArray(item.content)) return undefined;
  const texts = item.content.flatMap((part) => {
    const o = obj(part);
    return o && o.type === 'text' && typeof o.text === 'string' ? [o.text] : [];
  });
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** Whether a line changes the row (Codex rewrites the row only for these). */
export function lineAffectsRow(line: RolloutLineInput): boolean {
  if (line.type === 'turn_context') return true;
  const p = obj(line.payload);
  return line.type === 'event_msg' && p !== undefined && (p.type === 'token_count' || userText(p) !== undefined);
}

/** `row` after `line` was written at `atMs`. */
export function applyLine(row: ThreadRow, line: RolloutLineInput, atMs: number): ThreadRow {
  const p = obj(line.payload);
  if (!p) return row;
  const next: ThreadRow = { ...row, updated_at_ms: Math.max(row.updated_at_ms, atMs) };
  if (line.type === 'turn_context') {
    next.model = str(p.model) ?? next.model;
    next.reasoning_effort = str(p.effort) ?? next.reasoning_effort;
    if (p.approval_policy !== undefined) next.approval_mode = enumText(p.approval_policy);
    // 0.169 records the permission profile; an older turn_context only its sandbox policy.
    const policy = p.permission_profile ?? p.sandbox_policy;
    if (policy !== undefined) next.sandbox_policy = enumText(policy);
    return next;
  }
  if (line.type !== 'event_msg') return next;
  if (p.type === 'token_count') {
    const total = obj(obj(p.info)?.total_token_usage)?.total_tokens;
    if (typeof total === 'number') next.tokens_used = total;
    return next;
  }
  const text = userText(p);
  if (text === undefined) return next;
  if (next.first_user_message === '') next.first_user_message = text;
  if (next.preview === '') next.preview = text;
  next.recency_at_ms = Math.max(next.recency_at_ms, atMs);
  return next;
}
