// One thread as the page shows it: its items grouped by turn, and its model requests with their
// composition and cache-stable prefix; bodies are rendered on demand (a long thread's bodies together
// would be far larger than the thread). Read without the writer's lock: a viewer never writes.
import type { ResponseItem } from '../../protocol/responses-items.js';
import type { ResponsesRequestBody } from '../../protocol/responses-request.js';
import { jsonBody, jsonBodyBytes } from '../client/json-body.js';
import { messageText } from '../history/message.js';
import { wireItem } from '../profile/codex-0.169/items.js';
import { isGhostSnapshot } from '../thread/ghost-snapshots.js';
import { withHistoryBase } from '../thread/rollout-history-base.js';
import { readRollout, responseItemOf, type RolloutRecord } from '../thread/rollout-reader.js';
import { ESTIMATED_FIELDS_0169, renderRequestBody, settingsOf } from './request-body.js';
import { compose, requestPieces, type Composition, type Piece } from './request-composition.js';
import type { KitShelf, ViewKit } from './render-kit.js';
import { replayRollout, type Replay } from './rollout-replay.js';
import { pairCallsWithOutputs } from '../history/pair-calls.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';

/** Longest text the page gets per item; the request bodies keep everything. */
const TEXT_LIMIT = 4000;

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
  readonly items: DisplayItem[];
  readonly requests: RequestSummary[];
  /** True when the bodies were rebuilt with the pack of the thread's own generation. */
  readonly exact: boolean;
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

function displayItems(records: readonly RolloutRecord[], file: string, replay: Replay, isRealUser: (i: ResponseItem) => boolean): DisplayItem[] {
  const items: DisplayItem[] = [];
  let turn = 0;
  let users = 0;
  const meta = replay.meta;
  records.forEach((record, index) => {
    if (index === replay.ownFrom && typeof meta.forked_from_id === 'string') {
      items.push({ kind: 'fork', turn, text: `forked from ${meta.forked_from_id}`, title: meta.forked_from_id });
    }
    const inherited = index < replay.ownFrom ? { inherited: true } : {};
    const line = record.line;
    if (line.type === 'response_item' && !isGhostSnapshot(line.payload)) {
      const item = responseItemOf(record, file);
      const real = isRealUser(item);
      if (real) turn += 1;
      const shown = displayOf(item, Math.max(turn, 1), isRealUser);
      items.push({ ...shown, ...inherited, ...(real ? { userIndex: users++ } : {}) });
    } else if (line.type === 'compacted') {
      const message = (line.payload as { message?: unknown }).message;
      items.push({ kind: 'compaction', turn: Math.max(turn, 1), ...clip(typeof message === 'string' ? message : ''), ...inherited });
    }
  });
  return items;
}

/** Reads a thread and rebuilds its requests. */
export async function loadThread(path: string, home: string, kits: KitShelf): Promise<LoadedThread> {
  const own = await readRollout(path);
  const records = await withHistoryBase(own, path, home);
  const borrowed = records.length - own.length;
  const first = records[0]?.line.payload as Record<string, unknown> | undefined;
  const version = typeof first?.cli_version === 'string' ? first.cli_version : '';
  const kit = await kits.get(version.startsWith('0.98') ? 'codex-0.98' : 'codex-0.169');
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

function threadOf(records: readonly RolloutRecord[], file: string, replay: Replay, kit: ViewKit): LoadedThread {
  const base = (replay.meta.base_instructions as { text?: unknown } | undefined)?.text;
  const baseText = typeof base === 'string' ? base : '';
  const is098 = replay.generation === 'codex-0.98';
  const cache = new WeakMap<object, string>();
  const itemJson = (item: ResponseItem): string => {
    let json = cache.get(item);
    if (json === undefined) {
      json = jsonBodyBytes(jsonBody(is098 ? item : wireItem(item, kit.providerId === 'openai'))).toString('utf8');
      cache.set(item, json);
    }
    return json;
  };
  let previous: Piece[] | undefined;
  const requests = replay.requests.map((request, index): RequestSummary => {
    const settings = settingsOf(kit, request.turnContext, replay.meta);
    const compaction = request.kind === 'compaction';
    const input = pairCallsWithOutputs(request.history.slice(0, request.historyLength), kit.pack.text('tool_output/aborted.txt'));
    const tools = compaction ? [] : toolsForTurn(kit.packTools, settings.sandbox);
    // The composition is measured on the same pieces the body is made of (the instructions as sent
    // under 0.169 are in the body's first developer message; the body view shows them exactly).
    const body = is098 ? undefined : renderRequestBody(kit, replay, request);
    const sentInput = body ? (body.input as ResponseItem[]) : input;
    const instructionsText = body ? (messageText(sentInput.find((i) => i.type === 'message' && i.role === 'developer') as ResponseItem) ?? '') : baseText;
    const pieces = requestPieces(sentInput, tools, { field: is098 ? baseText : undefined, text: instructionsText }, kit.classifier, itemJson);
    const composition = compose(pieces, previous);
    previous = pieces;
    return { index, turn: request.turn, kind: request.kind, model: settings.model.slug, estimated: is098 ? [] : ESTIMATED_FIELDS_0169, ...composition };
  });
  return {
    id: typeof replay.meta.id === 'string' ? replay.meta.id : '',
    generation: replay.generation,
    meta: replay.meta,
    items: displayItems(records, file, replay, kit.classifier.isRealUser),
    requests,
    exact: kit.exact,
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
