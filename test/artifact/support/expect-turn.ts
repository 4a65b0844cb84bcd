// What every artifact case asserts of its one turn: the shell tool ran (its output went back to the
// model), the model's streamed text ended the turn, and the rollout holds both.
import { expect } from 'vitest';
import { FINAL_TEXT, TOOL_OUTPUT } from './model-turn.js';
import { events, rolloutLines, type Ran, type Workspace } from './run-installed.js';

/** The rollout of the workspace holds the tool's output and the final text. */
export async function expectRolloutOfTheTurn(ws: Workspace): Promise<void> {
  const lines = await rolloutLines(ws.weftHome);
  const payloads = lines.map((l) => JSON.stringify(l['payload'] ?? {}));
  expect(payloads.some((p) => p.includes('"type":"function_call_output"') && p.includes(TOOL_OUTPUT))).toBe(true);
  expect(payloads.some((p) => p.includes(FINAL_TEXT))).toBe(true);
}

/** `weft exec --json`'s run of the turn: exit 0, the command's item, the text, turn.completed. */
export async function expectExecTurn(ran: Ran, ws: Workspace, requestBodies: readonly string[]): Promise<void> {
  expect(ran.code, `stderr: ${ran.stderr}\nstdout: ${ran.stdout}`).toBe(0);
  const all = events(ran.stdout);
  expect(all.map((e) => e['type'])).toContain('turn.completed');
  const items = all.filter((e) => e['type'] === 'item.completed').map((e) => e['item'] as Record<string, unknown>);
  expect(items.some((i) => i['type'] === 'command_execution' && String(i['aggregated_output']).includes(TOOL_OUTPUT))).toBe(true);
  expect(items.some((i) => i['type'] === 'agent_message' && i['text'] === FINAL_TEXT)).toBe(true);
  expect(requestBodies.some((b) => b.includes(TOOL_OUTPUT))).toBe(true);
  await expectRolloutOfTheTurn(ws);
}
