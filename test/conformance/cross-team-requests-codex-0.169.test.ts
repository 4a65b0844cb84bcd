// The issue-37 sessions, request by request and rollout line by line: the real Codex and weft (with
// Codex's recorded pack of the same generation) run one scripted loopback mock, and every model
// request of every thread — the root's, each child's — is the same in both, in order per thread, and
// so is every thread's rollout, after normalizing ids, timestamps and paths (test/support/
// team-requests.ts says what else is evened out; team-cross-run.ts runs an engine). Each session runs
// under Codex 0.169 (`compat = "codex-0.169"`) and under the default generation (Codex 0.171,
// `compat` unset). The mock holds the children's answers (ReplyHold) so that both engines see one
// interleaving. Runs only where the binaries are installed (`scripts/install-codex.sh 0.169.0`, 0.171.0).
import { afterEach, describe, test } from 'vitest';
import { expectSameRequests, expectSameRollouts, GENERATIONS, runSession, type SessionSpec } from '../support/team-cross-run.js';
import { contactSessionScript, driveContactSession, driveGoalSession, driveTeamSession, goalSessionScript, teamSessionScript } from '../support/team-session.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { findCodexBinary } from './codex-binary-driver.js';

afterEach(async () => {
  await removeTempDirs();
});

/** Two agents spawned and waited for, a goal created and completed, a question answered: alpha ends while the root waits the first time, beta the second. */
const TEAM: SessionSpec = { script: teamSessionScript, drive: driveTeamSession, children: ['/root/alpha', '/root/beta'] };
/** A goal set on an idle thread, continued turn after turn (the objective handed over once). */
const GOAL: SessionSpec = { script: goalSessionScript, drive: driveGoalSession, children: [] };
/** A message, a follow-up task and an interrupt: alpha's first turn aborted, its second answering when the engine is closed. */
const CONTACT: SessionSpec = { script: contactSessionScript, drive: driveContactSession, children: ['/root/alpha'] };

describe.each(GENERATIONS)('the issue-37 sessions, request by request: weft and the real Codex $version', (gen) => {
  const binary = findCodexBinary(gen.version);
  const both = async (spec: SessionSpec): Promise<void> => {
    const codex = await runSession(gen, spec, binary);
    const weft = await runSession(gen, spec, undefined, codex.codexHome);
    expectSameRequests(codex, weft);
    expectSameRollouts(codex, weft);
  };

  test.skipIf(!binary)('a team session sends every thread the same requests and writes the same rollouts', () => both(TEAM), 180_000);
  // Codex records the goal set on the idle thread (`thread_goal_updated`, then its thread settings)
  // before the goal's first turn starts; weft the same.
  test.skipIf(!binary)('a goal continued turn after turn sends the same requests and writes the same rollout', () => both(GOAL), 180_000);
  test.skipIf(!binary)('a message, a follow-up task and an interrupt send the same requests and write the same rollouts', () => both(CONTACT), 180_000);
});
