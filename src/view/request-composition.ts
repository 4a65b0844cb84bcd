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

/** One piece of a request: its section, a short label and its JSON (the text compared between requests). */
export interface Piece {
  readonly section: SectionName;
  readonly label: string;
  readonly json: string;
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

function label(item: ResponseItem): string {
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
 * The pieces of a request. `instructions` is the top-level field (codex-0.98) or undefined when the
 * instructions travel as an input item (codex-0.169: the developer message whose text they are).
 * `json` gives an item's wire JSON (callers cache it: the same items recur in every request).
 */
export function requestPieces(
  input: readonly ResponseItem[],
  tools: unknown,
  instructions: { readonly field: string | undefined; readonly text: string },
  c: Classifier,
  json: (item: ResponseItem) => string,
): Piece[] {
  const pieces: Piece[] = [];
  if (instructions.field !== undefined) pieces.push({ section: 'instructions', label: 'instructions', json: JSON.stringify(instructions.field) });
  pieces.push({ section: 'tools', label: 'tools', json: JSON.stringify(tools ?? []) });
  let lastOutput = -1;
  input.forEach((item, i) => {
    if (isModelOutput(item as unknown as Record<string, unknown>)) lastOutput = i;
  });
  input.forEach((item, i) => {
    const isInstructions = instructions.field === undefined && item.type === 'message' && item.role === 'developer' && messageText(item) === instructions.text;
    const section: SectionName = isInstructions ? 'instructions' : (contextSection(item, c) ?? (i > lastOutput && !isModelOutput(item as unknown as Record<string, unknown>) ? 'new input' : 'history'));
    pieces.push({ section, label: label(item), json: json(item) });
  });
  return pieces;
}

export function compose(pieces: readonly Piece[], previous: readonly Piece[] | undefined): Composition {
  const bytes = new Map<SectionName, number>(SECTION_NAMES.map((n) => [n, 0]));
  let total = 0;
  const agentsMd: string[] = [];
  for (const p of pieces) {
    const b = utf8ByteLength(p.json);
    bytes.set(p.section, (bytes.get(p.section) ?? 0) + b);
    total += b;
    if (p.section === 'user context: AGENTS.md') agentsMd.push(agentsDir(p.json));
  }
  let stable = 0;
  let brokenBy: Composition['brokenBy'];
  if (previous) {
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] as Piece;
      if (previous[i]?.json !== p.json) {
        brokenBy = i < previous.length ? { index: i, label: p.label } : undefined;
        break;
      }
      stable += utf8ByteLength(p.json);
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
