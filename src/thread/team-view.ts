// What a thread's generation may record of the thread's team as it samples: the agents the thread
// spawned (direct children, in spawn order), read from the team the thread joined.
import type { TeamView, ThreadState } from './turn-ports.js';

const NO_TEAM: TeamView = { subagents: [] };

export function teamView(state: ThreadState): TeamView {
  const port = state.agents;
  if (port === undefined) return NO_TEAM;
  const own = `${port.path}/`;
  const subagents = port
    .list(port.path)
    .map((a) => a.path)
    .filter((path) => path.startsWith(own) && !path.slice(own.length).includes('/'));
  return { subagents };
}
