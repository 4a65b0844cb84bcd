// weft's own tool-error texts, loaded from templates/ as the engine loads them.
import { loadPack } from '../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../src/profile/codex-0.98/pack.js';
import { toolTextsFrom, type ToolTexts } from '../../src/tools/tool-texts.js';
import { WEFT_PACK_DIR } from './packs.js';

export const weftToolTexts: ToolTexts = toolTextsFrom(await loadPack(WEFT_PACK_DIR, codex098PackLayout));
