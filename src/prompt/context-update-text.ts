// The framing of a context message that reaches a Chat or Anthropic conversation after the model
// has spoken (a settings update, a resume): weft's own text, from its pack (`wire/context_update.md`).
import { WEFT_PACK_DIR } from '../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../pack/load-pack.js';
import type { ContextUpdateFraming } from './wire-conversation.js';

export const CONTEXT_UPDATE_FILE = 'wire/context_update.md';

/** The framing the thread's pack gives, else weft's own. */
export async function contextUpdateFraming(pack: Pack): Promise<ContextUpdateFraming> {
  const source = pack.has(CONTEXT_UPDATE_FILE)
    ? pack
    : await loadPack(WEFT_PACK_DIR, { name: 'weft wire texts', files: [{ path: CONTEXT_UPDATE_FILE, placeholders: ['text'] }] });
  return (text) => source.render(CONTEXT_UPDATE_FILE, { text });
}
