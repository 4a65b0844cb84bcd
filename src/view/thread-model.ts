// One thread as the page shows it: its items grouped by turn, and its model requests with their
// composition and cache-stable prefix; bodies are rendered on demand (a long thread's bodies together
// would be far larger than the thread). Read without the writer's lock: a viewer never writes.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { jsonBody, jsonBodyBytes } from '../client/json-body.js';
import { messageText } from '../history/message.js';
import { wireItem } from '../profile/codex-0.169/items.js';
import { historyBaseOf } from '../rollout/store/history-base.js';
import type { ThreadStore } from '../rollout/thread-store.js';
import { historyItemOf, type RolloutRecord } from '../rollout/format/reader.js';
import { ESTIMATED_FIELDS_0169, isCustomInstructions, renderRequestBody, settingsOf, summarySource } from './request-body.js';
import { compose, itemFacts, requestPieces, type Composition, type ItemFacts, type Piece } from './request-composition.js';
import { rawJsonBytes, rawJsonOf } from '../history/raw-json.js';
import { textMessage } from '../history/message.js';
import { sentInstructions0169, toolNames } from '../profile/codex-0.169/model-instructions.js';
import { baseInstructionsMessage, inputWithInstructions } from '../profile/codex-0.169/render-body.js';
import type { KitShelf, ViewKit } from './render-kit.js';
import { compatForCliVersion } from '../profile/profile-facts.js';
import { replayRollout, type Replay, type ReplayedRequest } from './rollout-replay.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';

/** Longest text the page gets per item; the request bodies keep everything. */
const TEXT_LIMIT = 2000;

export type ItemKind = 'user' | 'assistant' | 'reasoning' | 'tool_call' | 'tool_output' | 'file_change' | 'compaction' | 'fork' | 'context' | 'other';

export interface DisplayItem {
  readonly kind: ItemKind;
  readonly turn: number;
  readonly text: string;
  readonly truncated?: boolean;
  /** Tool name, message role. */
  readonly title?: string;
  /** For a user message: its 0-based place among the thread's user messages (what a fork cuts at). */
  readonly userIndex?: number;
  /** Read from the parent (a fork's inherited history). */
  readonly inherited?: boolean;
}

export interface RequestSummary extends Composition {
  readonly index: number;
  readonly turn: number;
  readonly kind: 'turn' | 'compaction';
  readonly model: string;
  /** Fields of the rebuilt body that the rollout does not record (estimated). */
  readonly estimated: readonly string[];
}

export interface LoadedThread {
  readonly id: string;
  readonly generation: Replay['generation'];
  readonly meta: Record<string, unknown>;
  /** True when the bodies were rebuilt with the pack of the thread's own generation. */
  readonly exact: boolean;
  readonly turnCount: number;
  readonly requestCount: number;
  /** The items of turns `fromTurn` and later (each drawn when first asked for). */
  itemsFrom(fromTurn: number): DisplayItem[];
  /** The requests of turns `fromTurn` and later. */
  requestsFrom(fromTurn: number): RequestSummary[];
  /** Requests [from, from + limit). */
  requestRange(from: number, limit: number): RequestSummary[];
  body(index: number): ResponsesRequestBody | undefined;
}

function clip(text: string): { text: string; truncated?: boolean } {
  return text.length > TEXT_LIMIT ? { text: text.slice(0, TEXT_LIMIT), truncated: true } : { text };
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  return JSON.stringify(output);
}

function displayOf(item: ResponseItem, turn: number, isRealUser: (i: ResponseItem) => boolean): Omit<DisplayItem, 'inherited' | 'userIndex'> {
  switch (item.type) {
    case 'message': {
      const text = messageText(item) ?? '';
      if (item.role === 'assistant') return { kind: 'assistant', turn, ...clip(text) };
      if (item.role === 'user' && isRealUser(item)) return { kind: 'user', turn, ...clip(text) };
      return { kind: 'context', turn, title: item.role, ...clip(text) };
    }
    case 'reasoning':
      return { kind: 'reasoning', turn, ...clip(item.summary.map((s) => s.text).join('\n\n')) };
    case 'function_call':
    case 'custom_tool_call': {
      const args = item.type === 'function_call' ? item.arguments : item.input;
      return { kind: item.name === 'apply_patch' ? 'file_change' : 'tool_call', turn, title: item.name, ...clip(args) };
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
      return { kind: 'tool_output', turn, ...clip(outputText(item.output)) };
    default:
      return { kind: 'other', turn, title: item.type, ...clip('') };
  }
}

/**
 * Where each shown item is, by turn: a pass that reads no long field (a turn starts at a real user
 * message, whose content is never left in the file). Each item is drawn when its turn is shown:
 * drawing reads the long fields (outputs, arguments), which for a long thread are most of its bytes.
 */
function itemPlaces(records: readonly RolloutRecord[], file: string, replay: Replay, isRealUser: (i: ResponseItem) => boolean): { turns: number; draw: (fromTurn: number) => DisplayItem[] } {
  type Place = { readonly turn: number; readonly draw: () => DisplayItem };
  const places: Place[] = [];
  let turn = 0;
  let users = 0;
  const meta = replay.meta;
  records.forEach((record, index) => {
    if (index === replay.ownFrom && typeof meta.forked_from_id === 'string') {
      const shown: DisplayItem = { kind: 'fork', turn, text: `forked from ${meta.forked_from_id}`, title: meta.forked_from_id };
      places.push({ turn, draw: () => shown });
    }
    const inherited = index < replay.ownFrom ? { inherited: true } : {};
    const line = record.line;
    const item = line.type === 'response_item' ? historyItemOf(record, file) : undefined;
    if (item) {
      const real = isRealUser(item);
      if (real) turn += 1;
      const at = Math.max(turn, 1);
      const user = real ? { userIndex: users++ } : {};
      places.push({ turn: at, draw: () => ({ ...displayOf(item, at, isRealUser), ...inherited, ...user }) });
    } else if (line.type === 'compacted') {
      const at = Math.max(turn, 1);
      const message = line.payload.message;
      places.push({ turn: at, draw: () => ({ kind: 'compaction', turn: at, ...clip(message), ...inherited }) });
    }
  });
  const drawn = new Map<Place, DisplayItem>();
  const draw = (p: Place): DisplayItem => {
    let shown = drawn.get(p);
    if (shown === undefined) drawn.set(p, (shown = p.draw()));
    return shown;
  };
  return { turns: places.reduce((max, p) => Math.max(max, p.turn), 0), draw: (fromTurn) => places.filter((p) => p.turn >= fromTurn).map(draw) };
}

/**
 * Reads a thread and replays its requests. Items stay in the file (a long thread's bytes are not
 * copied into memory); what the page shows of each item and request is worked out when asked for.
 */
export async function loadThread(path: string, store: ThreadStore, kits: KitShelf): Promise<LoadedThread> {
  const own = await store.read(path, { itemBytes: 'file' });
  // A Codex 0.169 fork's history begins with its parent's lines before the fork.
  const records = historyBaseOf(own) === undefined ? own : await store.readHistory(path, { itemBytes: 'file' });
  const borrowed = records.length - own.length;
  const first = records[0]?.line;
  const version = first?.type === 'session_meta' ? first.payload.cli_version : '';
  const kit = await kits.get(compatForCliVersion(version));
  const replay = replayRollout(
    records,
    path,
    {
      isRealUser: kit.classifier.isRealUser,
      initialContext: (tc, meta) => kit.profile.buildInitialContext(kit.pack, settingsOf(kit, tc, meta), ''),
    },
    borrowed,
  );
  return threadOf(records, path, replay, kit);
}

/** The bytes of an item's JSON as sent: its stored bytes when it has them, else its serialization. */
function itemJson(item: ResponseItem): { bytes: number; json: () => string } {
  const raw = rawJsonOf(item);
  if (raw !== undefined) return { bytes: raw.length, json: () => rawJsonBytes(raw).toString('utf8') };
  const json = JSON.stringify(item);
  return { bytes: Buffer.byteLength(json), json: () => json };
}

function threadOf(records: readonly RolloutRecord[], file: string, replay: Replay, kit: ViewKit): LoadedThread {
  const instructions = replay.meta.base_instructions;
  const base = typeof instructions === 'object' && instructions !== null && 'text' in instructions ? instructions.text : undefined;
  const baseText = typeof base === 'string' ? base : '';
  const is098 = replay.generation === 'codex-0.98';
  const threadId = typeof replay.meta.id === 'string' ? replay.meta.id : '';
  const builtin = kit.providerId === 'openai';
  // Every item is measured once, and keeps its identity across requests (what makes comparing cheap).
  const facts = new WeakMap<object, ItemFacts>();
  const factsOf = (item: ResponseItem): ItemFacts => {
    let f = facts.get(item);
    if (f === undefined) {
      const { bytes, json } = itemJson(item);
      f = itemFacts(item, kit.classifier, bytes, json);
      facts.set(item, f);
    }
    return f;
  };
  const wired = new WeakMap<object, ResponseItem>();
  const wire = (item: ResponseItem): ResponseItem => {
    let w = wired.get(item);
    if (w === undefined) {
      w = is098 ? item : wireItem(item, builtin);
      wired.set(item, w);
    }
    return w;
  };
  const instructionItems = new Map<string, ResponseItem>();
  const aborted = kit.pack.text('tool_output/aborted.txt');
  const sentInstructions = is098 ? baseText : sentInstructions0169(kit.pack, baseText, toolNames(kit.packTools), isCustomInstructions(kit, replay.meta, baseText));
  const toolsJson = new Map<string, string>();
  const piecesOf = (index: number): Piece[] => {
    const request = replay.requests[index] as ReplayedRequest;
    const settings = settingsOf(kit, request.turnContext, replay.meta, summarySource(replay, request));
    const compaction = request.kind === 'compaction';
    let input = pairCallsWithOutputs(request.history.slice(0, request.historyLength), aborted);
    if (compaction) input.push(textMessage('user', kit.compactPrompt ?? kit.pack.text('compact/prompt.md')));
    if (!is098) {
      let instructions = instructionItems.get(sentInstructions);
      if (!instructions) {
        instructions = baseInstructionsMessage(threadId, sentInstructions);
        instructionItems.set(sentInstructions, instructions);
      }
      input = inputWithInstructions(input, instructions);
    }
    const sandboxKey = compaction ? 'none' : JSON.stringify([settings.sandbox, settings.model.apply_patch_tool_type === null]);
    let tools = toolsJson.get(sandboxKey);
    if (tools === undefined) {
      tools = JSON.stringify(compaction ? [] : toolsForTurn(kit.packTools, settings));
      toolsJson.set(sandboxKey, tools);
    }
    return requestPieces(input.map(wire), tools, { field: is098 ? baseText : undefined, text: sentInstructions }, factsOf);
  };
  // A request's composition needs the pieces of the one before it: the last pieces are kept, as
  // requests are mostly asked for in order.
  const summaries: (RequestSummary | undefined)[] = [];
  let lastPieces: { index: number; pieces: Piece[] } | undefined;
  const piecesAt = (index: number): Piece[] => (lastPieces?.index === index ? lastPieces.pieces : piecesOf(index));
  const summary = (index: number): RequestSummary => {
    const known = summaries[index];
    if (known) return known;
    const request = replay.requests[index] as ReplayedRequest;
    const previous = index > 0 ? piecesAt(index - 1) : undefined;
    const pieces = piecesOf(index);
    lastPieces = { index, pieces };
    const settings = settingsOf(kit, request.turnContext, replay.meta, summarySource(replay, request));
    const made: RequestSummary = {
      index,
      turn: request.turn,
      kind: request.kind,
      model: settings.model.slug,
      estimated: is098 ? [] : ESTIMATED_FIELDS_0169,
      ...compose(pieces, previous),
    };
    summaries[index] = made;
    return made;
  };
  const count = replay.requests.length;
  const range = (from: number, to: number): RequestSummary[] => {
    const out: RequestSummary[] = [];
    for (let i = Math.max(0, from); i < Math.min(count, to); i++) out.push(summary(i));
    return out;
  };
  const items = itemPlaces(records, file, replay, kit.classifier.isRealUser);
  const requestTurns = replay.requests.reduce((max, r) => Math.max(max, r.turn), 0);
  return {
    id: threadId,
    generation: replay.generation,
    meta: replay.meta,
    exact: kit.exact,
    turnCount: Math.max(items.turns, requestTurns),
    requestCount: count,
    itemsFrom: items.draw,
    requestsFrom: (fromTurn) => {
      const first = replay.requests.findIndex((r) => r.turn >= fromTurn);
      return first === -1 ? [] : range(first, count).filter((r) => r.turn >= fromTurn);
    },
    requestRange: (from, limit) => range(from, from + limit),
    body: (index) => {
      const request = replay.requests[index];
      return request ? renderRequestBody(kit, replay, request) : undefined;
    },
  };
}

/** A body as the JSON value sent: items that carry their stored bytes are read back as those. */
export function bodyJson(body: ResponsesRequestBody): unknown {
  return JSON.parse(jsonBodyBytes(jsonBody(body)).toString('utf8'));
}
