// Settings-update items of codex-0.98: what changed since the previous turn, told to the
// model right before the new user message: a new cwd, new permissions, a collaboration mode with
// instructions, a new personality, a new model.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { Pack } from '../../pack/load-pack.js';
import { textMessage } from '../../history/message.js';
import { modelInstructions } from '../../context/base-instructions.js';
import { environmentContextText } from '../../context/environment-context.js';
import { permissionsText } from '../../context/permissions.js';
import { personalityToInject } from '../../context/personality.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { PreviousTurn } from '../../context/previous-turn.js';

export function settingsUpdateItems(
  pack: Pack,
  previous: PreviousTurn,
  next: TurnSettings,
  baseInstructions: string,
  opts: { afterFreshContext?: boolean } = {},
): ResponseItem[] {
  const items: ResponseItem[] = [];
  // Right after a fresh initial context, the cwd, permissions and personality are already stated.
  const fresh = opts.afterFreshContext ?? false;
  if (!fresh && previous.cwd !== next.cwd) {
    items.push(textMessage('user', environmentContextText({ cwd: next.cwd, shell: next.shell })));
  }
  if (!fresh && (previous.approvalPolicy !== next.approvalPolicy || previous.sandboxJson !== JSON.stringify(next.sandbox))) {
    const text = permissionsText(pack, { sandbox: next.sandbox, approvalPolicy: next.approvalPolicy, cwd: next.cwd, tmpdir: next.tmpdir });
    items.push(textMessage('developer', text));
  }
  const collab = next.collaborationMode;
  if (previous.collaborationModeJson !== JSON.stringify(collab) && collab.settings.developer_instructions) {
    items.push(textMessage('developer', pack.render('collaboration_mode/wrapper.md', { instructions: collab.settings.developer_instructions })));
  }
  if (!fresh && previous.personality !== next.personality) {
    const personality = personalityToInject(next.model, baseInstructions, next.personality, next.personalityEnabled);
    if (personality !== undefined) items.push(textMessage('developer', pack.render('personality/spec_update.md', { personality })));
  }
  if (previous.model !== next.model.slug) {
    items.push(textMessage('developer', pack.render('model_switch.md', { instructions: modelInstructions(next.model, next.personality) })));
  }
  return items;
}
