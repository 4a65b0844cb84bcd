// Normalization rules of ../shared/conformance/README.md ("Placeholders and normalization"), applied to
// every string and object key of a JSON value. The only state is the `{{IDn}}` numbering, which is
// by first appearance within a scenario, so one normalizer is used per scenario run: requests in
// arrival order first, then rollouts, then transcripts.

import { processPlaceholder } from './process-ids.js';

export interface NormalizeContext {
  /** Path placeholders → absolute paths: `{{REPO}}`, `{{CODEX_HOME}}`, `{{HOME}}`, `{{EXTRA}}`, `{{WS}}`. */
  paths: Record<string, string>;
  /** Thread ids created by the engine, in creation order → `{{THREAD_ID}}`, `{{THREAD_ID_2}}`, … */
  threadIds: string[];
  /** Unified-exec session ids the engine printed, in `{{PROCESS_ID}}`, `{{PROCESS_ID_2}}`… order. */
  processIds?: string[];
  /** The app-server `clientInfo.name` / `title` the harness sent (also echoed as `originator`). */
  clientName?: string;
  clientTitle?: string;
}

export interface Normalizer {
  value(v: unknown): unknown;
  string(s: string): string;
}

const UUID = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}(?![0-9A-Fa-f])/g;

const NUMERIC_KEYS: Record<string, string> = {};
for (const k of ['createdAt', 'updatedAt', 'recencyAt', 'startedAt', 'completedAt', 'create_time', 'started_at', 'completed_at']) NUMERIC_KEYS[k] = '{{UNIX_S}}';
for (const k of ['startedAtMs', 'completedAtMs', 'emittedAtMs', 'started_at_ms', 'completed_at_ms', 'turn_started_at_unix_ms']) NUMERIC_KEYS[k] = '{{UNIX_MS}}';
for (const k of ['durationMs', 'duration_ms', 'time_to_first_token_ms']) NUMERIC_KEYS[k] = '{{DURATION_MS}}';

/** Keys whose string value is a JSON document normalized (and compared) as parsed JSON (0.169). */
export const JSON_STRING_KEYS = new Set(['x-codex-turn-metadata']);

export function threadPlaceholder(index: number): string {
  return index === 0 ? '{{THREAD_ID}}' : `{{THREAD_ID_${index + 1}}}`;
}

/** 0-based creation index of `{{THREAD_ID}}` / `{{THREAD_ID_n}}`, or undefined for other strings. */
export function threadPlaceholderIndex(placeholder: string): number | undefined {
  if (placeholder === '{{THREAD_ID}}') return 0;
  const m = /^\{\{THREAD_ID_(\d+)\}\}$/.exec(placeholder);
  return m ? Number(m[1]) - 1 : undefined;
}

function replaceAll(s: string, needle: string, by: string): string {
  return needle === '' ? s : s.split(needle).join(by);
}

/** Directory placeholders, longest path first, then `{{WS}}` (the common parent, a prefix of all four). */
export function replacePaths(s: string, paths: Record<string, string>): string {
  const entries = Object.entries(paths).filter(([, p]) => p !== '');
  entries.sort(([a, pa], [b, pb]) => (a === '{{WS}}' ? 1 : 0) - (b === '{{WS}}' ? 1 : 0) || pb.length - pa.length);
  for (const [placeholder, path] of entries) s = replaceAll(s, path, placeholder);
  return s;
}

export function replaceMock(s: string): string {
  return s.replace(/http:\/\/127\.0\.0\.1:\d+\/v1(?![\w-])/g, '{{MOCK_URL}}').replace(/127\.0\.0\.1:\d+/g, '{{MOCK_HOST}}');
}

/** Rollout path parts, ISO timestamps, exec-output chunk ids and wall times, dates in context tags. */
export function replaceVolatile(s: string): string {
  return s
    .replace(/(sessions\/)\d{4}\/\d{2}\/\d{2}(?=\/)/g, '$1{{ROLLOUT_DATE_DIR}}')
    .replace(/rollout-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}/g, 'rollout-{{ROLLOUT_TS}}')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '{{TIMESTAMP}}')
    .replace(/Chunk ID: [0-9A-Fa-f]+/g, 'Chunk ID: {{CHUNK_ID}}')
    .replace(/Wall time: \d+(?:\.\d+)? seconds/g, 'Wall time: {{WALL_TIME}} seconds')
    .replace(/<current_date>[^<]*<\/current_date>/g, '<current_date>{{CURRENT_DATE}}</current_date>')
    .replace(/<timezone>[^<]*<\/timezone>/g, '<timezone>{{TIMEZONE}}</timezone>')
    // Times inside a JSON text a tool answered with (a goal's createdAt and updatedAt, in seconds).
    .replace(/("(?:createdAt|updatedAt)":)\d{9,}/g, '$1{{UNIX_S}}');
}

/** `name/1.2.3 (Debian 12.0.0; x86_64) rest` → `name/1.2.3 ({{OS_INFO}}) rest` (first group only). */
export function replaceOsInfo(userAgent: string): string {
  return userAgent.replace(/^(\S+\/\S+) \([^)]*\)/, '$1 ({{OS_INFO}})');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || (typeof v === 'string' && /^\d+(?:\.\d+)?$/.test(v));
}

export function createNormalizer(ctx: NormalizeContext): Normalizer {
  const ids = new Map<string, string>();
  const threads = new Map(ctx.threadIds.map((id, i) => [id.toLowerCase(), threadPlaceholder(i)]));
  const threadLiterals = ctx.threadIds.map((id, i) => [id, threadPlaceholder(i)] as const).sort(([a], [b]) => b.length - a.length);
  // Longer first so that a title containing the name is replaced as a whole.
  const clients = [
    [ctx.clientTitle, '{{CLIENT_TITLE}}'],
    [ctx.clientName, '{{CLIENT_NAME}}'],
  ].filter((e): e is [string, string] => typeof e[0] === 'string' && e[0] !== '');
  clients.sort(([a], [b]) => b.length - a.length);

  // Session ids: the bound ones first, others numbered as they appear in `session ID <n>`.
  const procs = new Map((ctx.processIds ?? []).map((id, i) => [id, processPlaceholder(i)]));
  const proc = (id: string): string => {
    let p = procs.get(id);
    if (p === undefined) {
      p = processPlaceholder(procs.size);
      procs.set(id, p);
    }
    return p;
  };

  function str(s: string): string {
    s = s.replace(/(session ID )(\d+)/g, (_m, pre: string, id: string) => `${pre}${proc(id)}`);
    s = s.replace(/("session_id":\s*)(\d+)/g, (m, pre: string, id: string) => (procs.has(id) ? `${pre}${procs.get(id) ?? id}` : m));
    s = replaceMock(s);
    s = replacePaths(s, ctx.paths);
    for (const [name, placeholder] of clients) s = replaceAll(s, name, placeholder);
    s = replaceVolatile(s);
    // Thread ids first, also when an engine's ids are not UUID-shaped; other UUIDs are numbered
    // by first appearance.
    for (const [id, placeholder] of threadLiterals) s = replaceAll(s, id, placeholder);
    return s.replace(UUID, (uuid) => {
      const key = uuid.toLowerCase();
      const thread = threads.get(key);
      if (thread) return thread;
      let id = ids.get(key);
      if (!id) {
        id = `{{ID${ids.size + 1}}}`;
        ids.set(key, id);
      }
      return id;
    });
  }

  function keyed(key: string, v: unknown): unknown {
    if (key === 'process_id' && (typeof v === 'string' || typeof v === 'number') && procs.has(String(v))) return procs.get(String(v));
    const numeric = NUMERIC_KEYS[key];
    if (numeric && isNumeric(v)) return numeric;
    if (key === 'duration' && isRecord(v) && isNumeric(v.secs) && isNumeric(v.nanos) && Object.keys(v).length === 2) {
      return { secs: '{{DURATION_SECS}}', nanos: '{{DURATION_NANOS}}' };
    }
    if (typeof v === 'string') {
      if (key === 'current_date') return '{{CURRENT_DATE}}';
      if (key === 'timezone') return '{{TIMEZONE}}';
      if (/^user[-_]?agent$/i.test(key)) return str(replaceOsInfo(v));
      if (JSON_STRING_KEYS.has(key)) {
        const parsed = tryParse(v);
        if (parsed.ok) return JSON.stringify(value(parsed.value));
      }
    }
    return value(v);
  }

  function value(v: unknown): unknown {
    if (typeof v === 'string') return str(v);
    if (Array.isArray(v)) return v.map(value);
    if (isRecord(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) out[str(k)] = keyed(k, inner);
      return out;
    }
    return v;
  }

  return { value, string: str };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** One-shot convenience: a fresh normalizer (fresh `{{IDn}}` numbering) applied to one value. */
export function normalizeValue(v: unknown, ctx: NormalizeContext): unknown {
  return createNormalizer(ctx).value(v);
}
