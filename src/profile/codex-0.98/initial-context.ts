// buildInitialContext of codex-0.98: the items that open a thread's history and are rebuilt
// after a compaction, in this fixed order, each with its own gating:
//   1. permissions (developer)            always
//   2. configured developer_instructions  when set
//   3. personality spec (developer)       when it applies and is not baked into the instructions
//   4. AGENTS.md + skills (user)          when there is any text
//   5. <environment_context> (user)       always
// The collaboration mode is a per-turn item (see settings-update.ts): the 0.98 recordings place it
// after the environment context, not among these.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { Pack } from '../../pack/load-pack.js';
import { textMessage } from '../../history/message.js';
import { environmentContextText } from '../../context/environment-context.js';
import { permissionsText } from '../../context/permissions.js';
import { personalityToInject } from '../../context/personality.js';
import type { TurnSettings } from '../../context/turn-settings.js';
import type { InitialContextOptions } from '../../thread/turn-ports.js';
import { userInstructionsMessageText } from '../../context/user-instructions.js';


export function buildInitialContext(
  pack: Pack,
  settings: TurnSettings,
  baseInstructions: string,
  opts: InitialContextOptions = {},
): ResponseItem[] {
  const items: ResponseItem[] = [];
  items.push(
    textMessage(
      'developer',
      permissionsText(pack, {
        sandbox: settings.sandbox,
        approvalPolicy: settings.approvalPolicy,
        cwd: settings.cwd,
        tmpdir: settings.tmpdir,
      }),
    ),
  );
  if (settings.developerInstructions !== undefined && (opts.includeDeveloperInstructions ?? true)) {
    items.push(textMessage('developer', settings.developerInstructions));
  }
  const personality = personalityToInject(settings.model, baseInstructions, settings.personality, settings.personalityEnabled);
  if (personality !== undefined) {
    items.push(textMessage('developer', pack.render('personality/spec_initial.md', { personality })));
  }
  if (settings.userInstructions !== undefined) {
    items.push(textMessage('user', userInstructionsMessageText(pack, settings.cwd, settings.userInstructions)));
  }
  items.push(textMessage('user', environmentContextText({ cwd: settings.cwd, shell: settings.shell })));
  return items;
}
