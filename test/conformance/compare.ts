// The comparison rules of ../shared/conformance/README.md ("Compare", "What the rollouts are for"
// and the codex-0.169 section). Inputs on both sides are already normalized; every function returns
// human-readable differences (empty = equal).
import { canonicalDiff, canonicalJson, isRecord, jsonDiffs, renumberIds } from './diff.js';

export interface ProfileRules {
  /** `{{IDn}}` are a renaming (consistent bijection), not values. */
  idRenaming: boolean;
  /** `client_metadata["x-codex-turn-metadata"]` is a JSON document compared as parsed JSON. */
  turnMetadataJson: boolean;
  /** Keys of the turn metadata that may differ (the platform's sandbox name). */
  turnMetadataIgnoredKeys: string[];
}

export function rulesForProfile(profile: string): ProfileRules {
  if (profile === 'codex-0.98') return { idRenaming: false, turnMetadataJson: false, turnMetadataIgnoredKeys: [] };
  return { idRenaming: true, turnMetadataJson: true, turnMetadataIgnoredKeys: ['sandbox'] };
}

export interface ComparableRequest {
  method: string;
  path: string;
  query?: Record<string, string> | undefined;
  body: unknown;
}

const pad = (i: number): string => String(i + 1).padStart(3, '0');
const TURN_METADATA = 'x-codex-turn-metadata';

/** Parses the turn metadata JSON string (when the profile says so) and drops the ignored keys. */
function prepareBody(body: unknown, rules: ProfileRules): unknown {
  if (!rules.turnMetadataJson || !isRecord(body) || !isRecord(body.client_metadata)) return body;
  const meta = body.client_metadata[TURN_METADATA];
  if (typeof meta !== 'string') return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(meta) as unknown;
  } catch {
    return body; // left as a string: it will differ from the parsed expected value, visibly
  }
  if (isRecord(parsed)) for (const k of rules.turnMetadataIgnoredKeys) delete parsed[k];
  return { ...body, client_metadata: { ...body.client_metadata, [TURN_METADATA]: parsed } };
}

function prepareAll(reqs: ComparableRequest[], rules: ProfileRules): unknown[] {
  const bodies = reqs.map((r) => prepareBody(r.body, rules));
  return rules.idRenaming ? renumberIds(bodies) : bodies;
}

const emptyToUndefined = (q: Record<string, string> | undefined): Record<string, string> | undefined =>
  q && Object.keys(q).length > 0 ? q : undefined;

export function compareRequests(expected: ComparableRequest[], actual: ComparableRequest[], rules: ProfileRules): string[] {
  const out: string[] = [];
  if (expected.length !== actual.length) {
    const summary = (rs: ComparableRequest[]): string => rs.map((r) => `${r.method} ${r.path}`).join(', ') || '(none)';
    out.push(`request count: expected ${expected.length}, got ${actual.length}\n    expected: ${summary(expected)}\n    actual:   ${summary(actual)}`);
  }
  const eBodies = prepareAll(expected, rules);
  const aBodies = prepareAll(actual, rules);
  for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
    const e = expected[i] as ComparableRequest;
    const a = actual[i] as ComparableRequest;
    const where = `request ${pad(i)}`;
    if (e.method !== a.method || e.path !== a.path) out.push(`${where}: expected ${e.method} ${e.path}, got ${a.method} ${a.path}`);
    const eq = emptyToUndefined(e.query);
    const aq = emptyToUndefined(a.query);
    if (canonicalJson(eq) !== canonicalJson(aq)) out.push(`${where}: query expected ${canonicalJson(eq)}, got ${canonicalJson(aq)}`);
    out.push(...compareBody(eBodies[i], aBodies[i], where));
  }
  if (out.length > 0 && rules.idRenaming) {
    out.push('note: {{IDn}} above are renumbered on each side by first appearance (sorted keys, requests in order), not the numbers of the files');
  }
  return out;
}

function compareBody(e: unknown, a: unknown, where: string): string[] {
  if (!isRecord(e) || !isRecord(a)) return jsonDiffs(e, a, `${where} body`);
  const out: string[] = [];
  const missing = Object.keys(e).filter((k) => !(k in a));
  const extra = Object.keys(a).filter((k) => !(k in e));
  if (missing.length > 0 || extra.length > 0) {
    out.push(`${where}: body key sets differ; missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`);
  }
  // instructions and input: canonical JSON, byte for byte.
  if ('instructions' in e || 'instructions' in a) {
    const d = canonicalDiff(e.instructions, a.instructions, `${where} body.instructions`);
    if (d) out.push(d);
  }
  if ('input' in e || 'input' in a) out.push(...compareInput(e.input, a.input, where));
  for (const k of Object.keys(e).sort()) {
    if (k === 'instructions' || k === 'input' || !(k in a)) continue;
    out.push(...jsonDiffs(e[k], a[k], `${where} body.${k}`));
  }
  return out;
}

function compareInput(e: unknown, a: unknown, where: string): string[] {
  if (!Array.isArray(e) || !Array.isArray(a)) {
    const d = canonicalDiff(e, a, `${where} body.input`);
    return d ? [d] : [];
  }
  if (canonicalJson(e) === canonicalJson(a)) return [];
  const out: string[] = [];
  if (e.length !== a.length) out.push(`${where} body.input: expected ${e.length} items, got ${a.length}\n    expected: ${itemSummary(e)}\n    actual:   ${itemSummary(a)}`);
  for (let i = 0; i < Math.min(e.length, a.length); i++) {
    const d = canonicalDiff(e[i], a[i], `${where} body.input[${i}] (first differing item)`);
    if (d) {
      out.push(d);
      break;
    }
  }
  return out;
}

/** `message/developer, message/user, function_call, …`: what an input list holds, at a glance. */
function itemSummary(items: unknown[]): string {
  return items.map((it) => (isRecord(it) ? `${String(it.type)}${typeof it.role === 'string' ? `/${it.role}` : ''}` : typeof it)).join(', ');
}

// ---- rollouts ----

const SESSION_META_FIELDS = ['id', 'forked_from_id', 'cwd', 'originator', 'cli_version', 'source', 'model_provider', 'base_instructions', 'git'];
const TURN_CONTEXT_FIELDS = ['cwd', 'approval_policy', 'sandbox_policy', 'model', 'personality', 'collaboration_mode', 'summary', 'user_instructions', 'truncation_policy'];

/** A compaction: its summary, and (codex-0.169) the new window's item metadata and the retained facts. */
const COMPACTED_FIELDS = ['message', 'replacement_history_metadata', 'retained_context'];

function pick(v: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isRecord(v)) for (const f of fields) if (f in v) out[f] = v[f];
  return out;
}

/**
 * A response item's `metadata` (Codex 0.169's history bookkeeping beside the payload) as compared:
 * its keys in the order written, then its value; null where the line has none (every 0.98 line).
 */
function itemMetadata(line: Record<string, unknown>): unknown {
  const m = line.metadata;
  return isRecord(m) ? { keys: Object.keys(m), value: m } : null;
}

/** The parts of a rollout the README compares; everything else (timestamps, token counts…) is ignored. */
function projectRollout(lines: unknown[]): Record<string, unknown[]> {
  const p: Record<string, unknown[]> = { types: [], response_items: [], response_items_metadata: [], retained_context: [], session_meta: [], turn_context: [], compacted: [], event_msgs: [] };
  for (const line of lines) {
    const type = isRecord(line) ? line.type : undefined;
    const payload = isRecord(line) ? line.payload : undefined;
    p.types?.push(type);
    if (type === 'response_item') {
      p.response_items?.push(payload);
      if (isRecord(line)) p.response_items_metadata?.push(itemMetadata(line));
    } else if (type === 'retained_context') p.retained_context?.push(payload);
    else if (type === 'session_meta') p.session_meta?.push(pick(payload, SESSION_META_FIELDS));
    else if (type === 'turn_context') p.turn_context?.push(pick(payload, TURN_CONTEXT_FIELDS));
    else if (type === 'compacted') p.compacted?.push(isRecord(payload) ? pick(payload, COMPACTED_FIELDS) : undefined);
    else if (type === 'event_msg') p.event_msgs?.push(isRecord(payload) ? payload.type : undefined);
  }
  return p;
}

function sequenceDiff(e: unknown[], a: unknown[], label: string): string | undefined {
  const es = e.map(String);
  const as = a.map(String);
  if (es.join('\n') === as.join('\n')) return undefined;
  let i = 0;
  while (i < es.length && i < as.length && es[i] === as[i]) i++;
  const win = (s: string[]): string => `${i > 2 ? '… ' : ''}${s.slice(Math.max(0, i - 2), i + 4).join(', ')}${i + 4 < s.length ? ' …' : ''}`;
  return `${label}: differs at #${i} (expected ${es.length}, got ${as.length})\n    expected: ${win(es)}\n    actual:   ${win(as)}`;
}

export function compareRollout(expected: unknown[], actual: unknown[], rules: ProfileRules, label: string): string[] {
  // Each side gets its own numbering (see renumberIds).
  const side = (lines: unknown[]): Record<string, unknown[]> => {
    const p = projectRollout(lines);
    return rules.idRenaming ? (renumberIds([p])[0] as Record<string, unknown[]>) : p;
  };
  const e = side(expected);
  const a = side(actual);
  const out: string[] = [];
  const types = sequenceDiff(e.types ?? [], a.types ?? [], `${label} line types`);
  if (types) out.push(types);
  const events = sequenceDiff(e.event_msgs ?? [], a.event_msgs ?? [], `${label} event_msg types`);
  if (events) out.push(events);
  const items = compareInput(e.response_items, a.response_items, label).map((d) => d.replace(`${label} body.input`, `${label} response_item payloads`));
  out.push(...items);
  for (const key of ['response_items_metadata', 'retained_context', 'session_meta', 'turn_context', 'compacted'] as const) out.push(...jsonDiffs(e[key], a[key], `${label} ${key}`, 3));
  return out;
}

// ---- transcripts (exec --json stdout, app-server JSON-RPC): informational ----

export function compareTranscript(expected: unknown[], actual: unknown[], label: string): string[] {
  // Ids in transcripts are always compared as a renaming: their numbering depends on the order in
  // which the recorder and the harness normalize files, which is not part of the contract.
  const e = renumberIds(expected);
  const a = renumberIds(actual);
  const out: string[] = [];
  if (e.length !== a.length) out.push(`${label}: expected ${e.length} lines, got ${a.length}`);
  for (let i = 0; i < Math.min(e.length, a.length); i++) {
    const d = canonicalDiff(e[i], a[i], `${label} line ${i + 1} (first differing line)`);
    if (d) {
      out.push(d);
      break;
    }
  }
  return out;
}
