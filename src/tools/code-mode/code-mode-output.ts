// What the model reads back from `exec` and `wait`: a list of content items, the first a header
// (the script's status: completed, failed, terminated or still running under a cell id; the wall
// time in seconds with one decimal; then "output follows"), then the items the script produced
// (`text`, `image`), and for a script that threw, its error as a last text item. The text items are
// held within the call's token budget (`max_output_tokens`, 10,000 by default) with the middle cut.
import { truncateText } from '../../history/truncate-output.js';
import type { CodeModeTexts } from '../tool-texts.js';
import type { CellContentItem, CellResponse } from './code-cell.js';

export const DEFAULT_CODE_MODE_MAX_TOKENS = 10_000;

export function codeModeOutput(response: CellResponse, texts: CodeModeTexts, elapsedMs: number, maxTokens: number | undefined): CellContentItem[] {
  const items = [...response.items];
  let status: string;
  if (response.kind === 'yielded') status = texts.running(response.cellId);
  else if (response.kind === 'terminated') status = texts.terminated();
  else if (response.error !== undefined) {
    status = texts.failed();
    items.push({ type: 'input_text', text: texts.scriptError(response.error) });
  } else status = texts.completed();
  const seconds = (Math.round(Math.max(0, elapsedMs) / 100) / 10).toFixed(1);
  return [{ type: 'input_text', text: texts.header(status, seconds) }, ...withinBudget(items, maxTokens ?? DEFAULT_CODE_MODE_MAX_TOKENS)];
}

/** The text items cut to share `maxTokens` (images pass as they are); in order, the first ones kept whole. */
function withinBudget(items: CellContentItem[], maxTokens: number): CellContentItem[] {
  let left = maxTokens;
  return items.map((item) => {
    if (item.type !== 'input_text') return item;
    const { text } = truncateText(item.text, { mode: 'tokens', limit: left });
    left = Math.max(0, left - Math.ceil(Buffer.byteLength(text) / 4));
    return { type: 'input_text', text };
  });
}
