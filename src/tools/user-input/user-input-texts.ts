// What request_user_input answers when it asks nobody (another mode, no one to ask, a declined
// question). No Codex pack records these; weft's own pack words them.
import type { PackFileSpec } from '../../pack/pack-layout.js';

export interface UserInputTexts {
  wrongMode(mode: string): string;
  nobodyToAsk(): string;
  declined(): string;
}

const DIR = 'tool_output/user_input';
export const USER_INPUT_TEXT_FILES = {
  wrongMode: { path: `${DIR}/wrong_mode.txt`, placeholders: ['mode'] },
  nobodyToAsk: { path: `${DIR}/nobody_to_ask.txt` },
  declined: { path: `${DIR}/declined.txt` },
} as const satisfies Record<string, PackFileSpec>;

export function userInputTextsFrom(render: (spec: PackFileSpec, vars: Record<string, string>) => string): UserInputTexts {
  const F = USER_INPUT_TEXT_FILES;
  return {
    wrongMode: (mode) => render(F.wrongMode, { mode }),
    nobodyToAsk: () => render(F.nobodyToAsk, {}),
    declined: () => render(F.declined, {}),
  };
}
