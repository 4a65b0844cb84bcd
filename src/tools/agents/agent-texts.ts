// What the collaboration tools answer besides their JSON (refusals, the wait's summary), and the
// header of a message between agents. No Codex pack records these; weft's own pack words them (the
// header keeps the layout the multi-agent developer message describes to the model).
import type { PackFileSpec } from '../../pack/pack-layout.js';

export type EnvelopeKind = 'NEW_TASK' | 'MESSAGE' | 'FINAL_ANSWER';

export interface AgentTexts {
  envelope(kind: EnvelopeKind, recipient: string, author: string): string;
  notFound(path: string): string;
  badTaskName(): string;
  nameTaken(path: string): string;
  noSlot(slots: number): string;
  badForkTurns(): string;
  forkWithOverrides(): string;
  waitCompleted(): string;
  waitTimedOut(): string;
  waitInterrupted(): string;
}

const DIR = 'tool_output/agents';
export const AGENT_TEXT_FILES = {
  envelope: { path: `${DIR}/envelope.md`, placeholders: ['kind', 'recipient', 'author'] },
  notFound: { path: `${DIR}/not_found.txt`, placeholders: ['path'] },
  badTaskName: { path: `${DIR}/bad_task_name.txt` },
  nameTaken: { path: `${DIR}/name_taken.txt`, placeholders: ['path'] },
  noSlot: { path: `${DIR}/no_slot.txt`, placeholders: ['slots'] },
  badForkTurns: { path: `${DIR}/bad_fork_turns.txt` },
  forkWithOverrides: { path: `${DIR}/fork_with_overrides.txt` },
  waitCompleted: { path: `${DIR}/wait_completed.txt` },
  waitTimedOut: { path: `${DIR}/wait_timed_out.txt` },
  waitInterrupted: { path: `${DIR}/wait_interrupted.txt` },
} as const satisfies Record<string, PackFileSpec>;

export function agentTextsFrom(render: (spec: PackFileSpec, vars: Record<string, string>) => string): AgentTexts {
  const F = AGENT_TEXT_FILES;
  return {
    envelope: (kind, recipient, author) => render(F.envelope, { kind, recipient, author }),
    notFound: (path) => render(F.notFound, { path }),
    badTaskName: () => render(F.badTaskName, {}),
    nameTaken: (path) => render(F.nameTaken, { path }),
    noSlot: (slots) => render(F.noSlot, { slots: String(slots) }),
    badForkTurns: () => render(F.badForkTurns, {}),
    forkWithOverrides: () => render(F.forkWithOverrides, {}),
    waitCompleted: () => render(F.waitCompleted, {}),
    waitTimedOut: () => render(F.waitTimedOut, {}),
    waitInterrupted: () => render(F.waitInterrupted, {}),
  };
}
