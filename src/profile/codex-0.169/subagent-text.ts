// A spawned agent's first multi-agent developer message (Codex 0.169 sends it in place of the root's
// `v2_root.md`). Codex keeps this text in its binary, so its pack has no file for it: the loaded
// pack's `multi_agent/v2_subagent.md` when it has one, else weft's own (templates/codex-0.169/).
import { weftPackFor } from '../../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../../pack/load-pack.js';

export const SUBAGENT_TEXT_FILE = 'multi_agent/v2_subagent.md';

export async function subagentText(pack: Pack): Promise<string> {
  if (pack.has(SUBAGENT_TEXT_FILE)) return pack.text(SUBAGENT_TEXT_FILE);
  const own = await loadPack(weftPackFor('codex-0.169'), { name: 'weft sub-agent text', files: [{ path: SUBAGENT_TEXT_FILE }] });
  return own.text(SUBAGENT_TEXT_FILE);
}
