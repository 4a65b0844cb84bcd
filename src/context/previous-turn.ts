// The settings a previous turn ran with, as far as the settings-update items of every generation care
// (read back from a rollout's turn_context, or kept from the last turn run): what each profile's
// `settingsUpdateItems` compares the next turn's settings with.
import type { TurnSettings } from './turn-settings.js';

/** The settings a previous turn ran with, as far as updates care (a rollout's turn_context). */
export interface PreviousTurn {
  readonly cwd: string;
  readonly model: string;
  readonly approvalPolicy: string;
  readonly sandboxJson: string;
  readonly personality: string | undefined;
  readonly collaborationModeJson: string | undefined;
}

export function previousTurnOf(settings: TurnSettings): PreviousTurn {
  return {
    cwd: settings.cwd,
    model: settings.model.slug,
    approvalPolicy: settings.approvalPolicy,
    sandboxJson: JSON.stringify(settings.sandbox),
    personality: settings.personality,
    collaborationModeJson: JSON.stringify(settings.collaborationMode),
  };
}
