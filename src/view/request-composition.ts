// What a request is made of, and how much of it a prompt cache could reuse. A request is read as
// the pieces a model sees in order — instructions, tools, then each input item — each piece
// classified into one section and measured in UTF-8 bytes of its JSON (tokens: the 4-bytes-per-token
// estimate weft's compaction uses). The cache-stable prefix is the run of leading pieces equal to
// the previous request's pieces at the same places; the first piece that differs broke it.
import type { ResponseItem } from '../../protocol/responses-items.js';
import { messageText } from '../history/message.js';
import { tokensForBytes, utf8ByteLength } from '../history/token-estimate.js';
import { isModelOutput } from './rollout-replay.js';

export const SECTION_NAMES = [
  'instructions',
  'developer context',
  'user context: AGENTS.md',
  'user context: environment',
  'history',
  'tools',
  'new input',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export interface Section {
  readonly name: SectionName;
  readonly tokens: number;
  readonly bytes: number;
}

/** One piece of a request: its section, a short label, its size and what it is compared by. */
export interface Piece {
  readonly section: SectionName;
  readonly label: string;
  readonly bytes: number;
  /** The item itself (the same object recurs in later requests) or, for other pieces, their JSON. */
  readonly key: object | string;
  /** Its JSON, for pieces whose keys differ. */
  json(): string;
}

/** What is known of an item once: callers cache it, as the same items recur in every request. */
export interface ItemFacts {
  readonly bytes: number;
  readonly label: string;
  /** The context section the item belongs to wherever it appears, if any. */
  readonly context: SectionName | undefined;
  readonly modelOutput: boolean;
  /** A developer message's text (the 0.169 instructions are one). */
  readonly developerText: string | undefined;
  json(): string;
}

/** The facts of an item that do not depend on the request it is in. */
export function itemFacts(item: ResponseItem, c: Classifier, bytes: number, json: () => string): ItemFacts {
  const developer = item.type === 'message' && item.role === 'developer';
  return {
    bytes,
    label: itemLabel(item),
    context: contextSection(item, c),
    modelOutput: isModelOutput(item as unknown as Record<string, unknown>),
    developerText: developer ? messageText(item) : undefined,
    json,
  };
}

export interface Composition {
  readonly sections: Section[];
  readonly totalBytes: number;
  readonly stablePrefixBytes: number;
  /** The first piece that differs from the previous request, when one does. */
  readonly brokenBy: { readonly index: number; readonly label: string } | undefined;
  /** AGENTS.md messages: the directory each one names. */
  readonly agentsMd: readonly string[];
}

export interface Classifier {
  /** True for a user message the user typed (not injected context, not a summary). */
  readonly isRealUser: (item: ResponseItem) => boolean;
  /** The first words of an AGENTS.md message (from the pack's wrapper). */
  readonly agentsPrefix: string | undefined;
}

export function itemLabel(item: ResponseItem): string {
  if (item.type === 'message') {
    const text = (messageText(item) ?? '').replace(/\s+/g, ' ').trim();
    return `${item.role} message: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
  }
  if (item.type === 'function_call' || item.type === 'custom_tool_call') return `${item.type} ${item.name}`;
  return item.type;
}

function contextSection(item: ResponseItem, c: Classifier): SectionName | undefined {
  if (item.type !== 'message') return undefined;
  if (item.role === 'developer') return 'developer context';
  if (item.role !== 'user' || c.isRealUser(item)) return undefined;
  const text = (messageText(item) ?? '').trimStart();
  if (text.startsWith('<environment_context>')) return 'user context: environment';
  if (c.agentsPrefix !== undefined && text.startsWith(c.agentsPrefix.trimStart())) return 'user context: AGENTS.md';
  return undefined;
}

/**
 * The pieces of a request. `instructions.field` is the top-level field (codex-0.98), undefined when
 * the instructions travel as an input item (codex-0.169: the developer message whose text they are).
 */
export function requestPieces(
  input: readonly ResponseItem[],
  toolsJson: string,
  instructions: { readonly field: string | undefined; readonly text: string },
  facts: (item: ResponseItem) => ItemFacts,
): Piece[] {
  const pieces: Piece[] = [];
  const text = (section: SectionName, name: string, json: string): Piece => ({ section, label: name, bytes: utf8ByteLength(json), key: json, json: () => json });
  if (instructions.field !== undefined) pieces.push(text('instructions', 'instructions', JSON.stringify(instructions.field)));
  pieces.push(text('tools', 'tools', toolsJson));
  const all = input.map(facts);
  let lastOutput = -1;
  all.forEach((f, i) => {
    if (f.modelOutput) lastOutput = i;
  });
  all.forEach((f, i) => {
    const isInstructions = instructions.field === undefined && f.developerText === instructions.text;
    const section: SectionName = isInstructions ? 'instructions' : (f.context ?? (i > lastOutput && !f.modelOutput ? 'new input' : 'history'));
    pieces.push({ section, label: f.label, bytes: f.bytes, key: input[i] as ResponseItem, json: f.json });
  });
  return pieces;
}

const samePiece = (a: Piece, b: Piece): boolean => a.key === b.key || (a.bytes === b.bytes && a.json() === b.json());

export function compose(pieces: readonly Piece[], previous: readonly Piece[] | undefined): Composition {
  const bytes = new Map<SectionName, number>(SECTION_NAMES.map((n) => [n, 0]));
  let total = 0;
  const agentsMd: string[] = [];
  for (const p of pieces) {
    bytes.set(p.section, (bytes.get(p.section) ?? 0) + p.bytes);
    total += p.bytes;
    if (p.section === 'user context: AGENTS.md') agentsMd.push(agentsDir(p.json()));
  }
  let stable = 0;
  let brokenBy: Composition['brokenBy'];
  if (previous) {
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] as Piece;
      const before = previous[i];
      if (before === undefined || !samePiece(before, p)) {
        brokenBy = before !== undefined ? { index: i, label: p.label } : undefined;
        break;
      }
      stable += p.bytes;
    }
  }
  const sections = SECTION_NAMES.map((name) => ({ name, bytes: bytes.get(name) ?? 0, tokens: tokensForBytes(bytes.get(name) ?? 0) }));
  return { sections, totalBytes: total, stablePrefixBytes: stable, brokenBy, agentsMd };
}

/** The directory an AGENTS.md message says it came from (its first line ends with it). */
function agentsDir(json: string): string {
  try {
    const item = JSON.parse(json) as ResponseItem;
    const first = (messageText(item) ?? '').split('\n')[0] ?? '';
    const at = first.lastIndexOf(' ');
    return at >= 0 ? first.slice(at + 1) : first;
  } catch {
    return '';
  }
}
