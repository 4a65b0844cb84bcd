// A denied action the user approves after all (app-server `thread/approveGuardianDeniedAction`), as
// Codex 0.169 tells the model: a developer message saying the user allowed that exact action, with
// `{"action": …, "outcome": "allowed"}` pretty-printed (two spaces, as serde_json pretty-prints).
// The action is kept as the client sent it (Codex's own clients send Codex's serialization, so the
// key order is Codex's). The text is the loaded pack's `guardian/approved_action.md` when it has one
// (Codex keeps it in its binary), else weft's own.
import type { MessageItem } from '../../protocol/responses-items.js';
import { WEFT_PACK_DIR } from '../pack/default-pack-dir.js';
import { loadPack, type Pack } from '../pack/load-pack.js';

export const GUARDIAN_APPROVAL_FILE = 'guardian/approved_action.md';

async function approvalPack(pack: Pack): Promise<Pack> {
  if (pack.has(GUARDIAN_APPROVAL_FILE)) return pack;
  return loadPack(WEFT_PACK_DIR, { name: 'weft guardian approval text', files: [{ path: GUARDIAN_APPROVAL_FILE, placeholders: ['approved_action'] }] });
}

/** The developer message that approves `action`. */
export async function guardianApprovalItem(pack: Pack, action: unknown): Promise<MessageItem> {
  const text = (await approvalPack(pack)).render(GUARDIAN_APPROVAL_FILE, { approved_action: JSON.stringify({ action, outcome: 'allowed' }, null, 2) });
  return { type: 'message', role: 'developer', content: [{ type: 'input_text', text }] };
}
