// Replays the client side of the appserver-0.98 / -0.169 transcripts against weft's app-server and
// puts both sides in a comparable form. Before each client line is sent, the replay waits until every
// v2 message the transcript shows before that line has arrived (counted by id / method), so the
// order of events is the recording's without any sleep.
//
// Where weft answers differently on purpose, the expected side is adjusted, each in one place
// below (`adjustExpected`), so every deviation is listed:
// 1. errors (0.98 only): weft answers -32601 for an unknown method and -32602 for params of the
//    wrong shape (Codex: -32600 for all); messages are weft's own (compared: id and code);
// 1b. (0.169) Codex's `configWarning` that its bundled sandbox helper is missing from PATH: weft has
//    no such helper, so nothing to warn about;
// 2. lines Codex left unanswered get an answer: -32700 for bad JSON, -32600 for a JSON object that
//    is no JSON-RPC message (both with id null);
// 3. `turn/interrupt` with nothing running is answered at once (Codex answered it only when the
//    next interrupt came);
// 4. a turn with empty input reports turn/started before turn/completed (Codex: the reverse);
// 5. a manual compaction reports the token totals twice, before and after (Codex: three times,
//    the last with an estimate of the rebuilt history);
// 6. a slow stream is held after its first delta until the test moves on, so an interrupted one
//    shows one delta (Codex: as many as arrived before the interrupt did);
// 7. turn error texts are weft's (the category, `codexErrorInfo`, is compared); token counts are
//    not compared (the mock derives them from request sizes, which hold the temp paths), nor is
//    `modelContextWindow` (weft gives an unknown slug the default model's window).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { InProcessClient, Msg } from './appserver-client.js';

export interface TranscriptLine {
  proc: string;
  dir: 'c2s' | 's2c' | 'note';
  msg?: Msg;
  raw?: string;
  note?: string;
}

export function loadTranscript(dir: string): TranscriptLine[] {
  return readFileSync(join(dir, 'transcript.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TranscriptLine);
}

const isLegacy = (m: Msg | undefined): boolean => typeof m?.method === 'string' && m.method.startsWith('codex/event/');

/** `r:<id>` for answers, `n:<method>` for notifications, `q:<method>` for server requests. */
export function signature(m: Msg): string {
  if (typeof m.method === 'string') return m.id !== undefined ? `q:${m.method}` : `n:${m.method}`;
  return `r:${JSON.stringify(m.id ?? null)}`;
}

type Entry = { kind: 'send'; line: string; msg?: Msg } | { kind: 'expect'; msg: Msg };

const WEFT_CODES: Array<[RegExp, number]> = [
  [/^Invalid request: unknown variant `[^`]*`, expected one of `initialize`/, -32601],
  [/^Invalid request: (missing field|invalid type|unknown variant)/, -32602],
  [/^invalid thread id/, -32602],
];

function weftCode(message: string, code: number): number {
  return WEFT_CODES.find(([re]) => re.test(message))?.[1] ?? code;
}

function isUsage(m: Msg, method: string): boolean {
  return m.method === method;
}

export interface AdjustOptions {
  /** 0.98: weft's own error codes (deviation 1); 0.169: Codex's. */
  readonly weftErrorCodes: boolean;
}

/** Notifications that describe Codex's environment, not the session (deviation 1b). */
const isEnvironmentNotice = (m: Msg): boolean => m.method === 'configWarning';

/** The transcript of one process as weft should replay it (deviations above applied). */
export function adjustExpected(lines: readonly TranscriptLine[], opts: AdjustOptions = { weftErrorCodes: true }): Entry[] {
  const out: Entry[] = [];
  for (const line of lines) {
    if (line.dir === 'note') continue;
    if (line.dir === 'c2s') {
      const text = line.raw ?? JSON.stringify(line.msg);
      out.push({ kind: 'send', line: text, ...(line.msg ? { msg: line.msg } : {}) });
      // 2. answers to lines Codex left unanswered.
      if (line.msg === undefined) out.push({ kind: 'expect', msg: { error: { code: -32700 }, id: null } });
      else if (typeof line.msg.method !== 'string' && line.msg.id === undefined) out.push({ kind: 'expect', msg: { error: { code: -32600 }, id: null } });
      continue;
    }
    const msg = line.msg as Msg;
    if (isLegacy(msg) || isEnvironmentNotice(msg)) continue;
    if (msg.error !== undefined) {
      const e = msg.error as { code: number; message: string };
      out.push({ kind: 'expect', msg: { error: { code: opts.weftErrorCodes ? weftCode(e.message, e.code) : e.code }, id: msg.id } });
      continue;
    }
    out.push({ kind: 'expect', msg });
  }
  return reorder(out);
}

function expectAt(entries: Entry[], i: number): Msg | undefined {
  const e = entries[i];
  return e?.kind === 'expect' ? e.msg : undefined;
}

function reorder(entries: Entry[]): Entry[] {
  const out = [...entries];
  // 3. an interrupt answered late: move its answer right after the request.
  for (let i = 0; i < out.length; i++) {
    const e = out[i] as Entry;
    if (e.kind !== 'send' || e.msg?.method !== 'turn/interrupt') continue;
    const id = e.msg.id;
    const next = out[i + 1];
    if (next?.kind === 'expect' && next.msg.id === id) continue;
    const at = out.findIndex((x, j) => j > i && x.kind === 'expect' && x.msg.id === id && x.msg.method === undefined);
    if (at === -1) continue;
    const [answer] = out.splice(at, 1);
    out.splice(i + 1, 0, answer as Entry);
  }
  // 4. empty input: turn/started before turn/completed.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = expectAt(out, i);
    const b = expectAt(out, i + 1);
    const turnId = (m: Msg | undefined) => (m?.params as { turn?: { id?: string } } | undefined)?.turn?.id;
    if (a?.method === 'turn/completed' && b?.method === 'turn/started' && turnId(a) === turnId(b)) {
      out[i] = { kind: 'expect', msg: b };
      out[i + 1] = { kind: 'expect', msg: a };
    }
  }
  // 5. compaction: keep the first two of the three token reports.
  for (let i = 0; i < out.length; i++) {
    const m = expectAt(out, i);
    if (m?.method !== 'item/started' || (m.params as { item?: { type?: string } }).item?.type !== 'contextCompaction') continue;
    let usages = 0;
    for (let j = i + 1; j < out.length; j++) {
      const x = expectAt(out, j);
      if (x?.method === 'item/completed') break;
      if (x && isUsage(x, 'thread/tokenUsage/updated') && ++usages === 3) {
        out.splice(j, 2); // the usage and the rate-limit report that follows it
        break;
      }
    }
  }
  // 6. one delta before a client line that cuts into a held stream.
  for (let i = 0; i < out.length; i++) {
    const m = expectAt(out, i);
    if (m?.method !== 'item/agentMessage/delta') continue;
    let j = i + 1;
    while (expectAt(out, j)?.method === 'item/agentMessage/delta') j++;
    const next = out[j];
    const isHeld = (out[i] as { kind: string }).kind === 'expect' && next?.kind === 'send' && /turn\/(interrupt|start)/.test(next.msg?.method ?? '');
    const firstOfItem = expectAt(out, i - 1)?.method === 'item/started';
    if (isHeld && firstOfItem && j > i + 1) out.splice(i + 1, j - i - 1);
  }
  return out;
}

/** Values that differ by design or by environment, replaced on both sides before comparing. */
export function blurred(m: Msg): Msg {
  const copy = JSON.parse(JSON.stringify(m)) as Msg;
  if (copy.error !== undefined) copy.error = { code: (copy.error as { code?: number }).code };
  const p = copy.params as Record<string, unknown> | undefined;
  if (p && copy.method === 'thread/tokenUsage/updated') p.tokenUsage = '<token usage>';
  if (p && copy.method === 'error') (p.error as Record<string, unknown>).message = '<message>';
  const turn = (p?.turn ?? undefined) as { error?: Record<string, unknown> | null } | undefined;
  if (turn?.error) turn.error.message = '<message>';
  return copy;
}

export interface ReplayOptions {
  /** Placeholder → value for client lines ({{CWD}}, {{THREAD_ID}}, …); `{{IDn}}` get fresh UUIDs. */
  bindings: Map<string, string>;
  /** Client lines after whose answer a held stream is released: line text → prompt of the stream. */
  releases?: ReadonlyArray<{ when: (line: string) => boolean; prompt: string }>;
  release?: (prompt: string) => void;
  /** Told what the replay waits for next (a stalled test can report it). */
  onWait?: (describe: () => string) => void;
  /** Called with each answer (to learn created thread ids). */
  onAnswer?: (sent: Msg, answer: Msg) => void;
  readonly adjust?: AdjustOptions;
}

function countBy(msgs: readonly Msg[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of msgs) if (!isLegacy(m)) counts.set(signature(m), (counts.get(signature(m)) ?? 0) + 1);
  return counts;
}

function covers(have: Map<string, number>, need: Map<string, number>): boolean {
  for (const [k, n] of need) if ((have.get(k) ?? 0) < n) return false;
  return true;
}

/** What `have` still lacks of `need` (for a replay that stalls). */
export function missing(have: Map<string, number>, need: Map<string, number>): string[] {
  return [...need].filter(([k, n]) => (have.get(k) ?? 0) < n).map(([k, n]) => `${k} ×${n - (have.get(k) ?? 0)}`);
}

/** Binds the `{{IDn}}` placeholders of a recorded answer to the values weft answered with (turn ids…). */
function learnIds(recorded: unknown, actual: unknown, bindings: Map<string, string>): void {
  if (typeof recorded === 'string') {
    if (/^\{\{ID\d+\}\}$/.test(recorded) && typeof actual === 'string' && !bindings.has(recorded)) bindings.set(recorded, actual);
    return;
  }
  if (typeof recorded !== 'object' || recorded === null || typeof actual !== 'object' || actual === null) return;
  for (const [k, v] of Object.entries(recorded)) learnIds(v, (actual as Record<string, unknown>)[k], bindings);
}

/** Runs one process's client lines; returns what it expected (adjusted) and what arrived. */
export async function replayProcess(client: InProcessClient, lines: readonly TranscriptLine[], opts: ReplayOptions): Promise<{ expected: Msg[]; actual: Msg[] }> {
  const entries = adjustExpected(lines, opts.adjust);
  const expected: Msg[] = [];
  const bind = (text: string): string =>
    text.replace(/\{\{[A-Z0-9_]+\}\}/g, (p) => {
      if (!opts.bindings.has(p) && /^\{\{ID\d+\}\}$/.test(p)) opts.bindings.set(p, randomUUID());
      return opts.bindings.get(p) ?? p;
    });
  for (const [at, entry] of entries.entries()) {
    if (entry.kind === 'expect') {
      expected.push(entry.msg);
      continue;
    }
    const need = countBy(expected);
    opts.onWait?.(() => `before ${entry.line.slice(0, 120)}: missing ${missing(countBy(client.received), need).join(', ')}`);
    await client.untilAll((all) => covers(countBy(all), need));
    const from = client.received.length;
    const line = bind(entry.line);
    client.send(line);
    const sent = entry.msg;
    if (sent?.id !== undefined && typeof sent.method === 'string') {
      const answer = await client.until((m) => m.id === (JSON.parse(line) as Msg).id && m.method === undefined, from);
      const recorded = entries.slice(at + 1).find((e): e is { kind: 'expect'; msg: Msg } => e.kind === 'expect' && e.msg.id === sent.id && e.msg.method === undefined);
      learnIds(recorded?.msg.result, answer.result, opts.bindings);
      opts.onAnswer?.(JSON.parse(line) as Msg, answer);
      for (const r of opts.releases ?? []) if (r.when(entry.line)) opts.release?.(r.prompt);
    }
  }
  const need = countBy(expected);
  await client.untilAll((all) => covers(countBy(all), need));
  return { expected, actual: client.received.filter((m) => !isLegacy(m)) };
}

/**
 * The 0.169 comparison: what a typed client relies on, not every value. Answers: the id and the
 * result's keys in order, or that it is an error (and its code); notifications: the method, with
 * the item type, turn status and thread status where there is one.
 */
export function outline(m: Msg): string {
  if (typeof m.method !== 'string') {
    const result = m.result as Record<string, unknown> | undefined;
    return m.error !== undefined ? `r:${JSON.stringify(m.id ?? null)} error ${(m.error as { code?: number }).code}` : `r:${JSON.stringify(m.id)} {${Object.keys(result ?? {}).join(',')}}`;
  }
  const p = (m.params ?? {}) as { item?: { type?: string }; turn?: { status?: string }; status?: { type?: string } | string };
  const detail = p.item?.type ?? p.turn?.status ?? (typeof p.status === 'object' ? p.status.type : p.status) ?? '';
  return `n:${m.method}${detail ? ` ${detail}` : ''}`;
}
