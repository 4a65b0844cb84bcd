// Code mode (the default model of codex-0.169, `tool_mode: code_mode_only`): the model's `exec` call
// runs its JavaScript in an isolated worker; `tools.exec_command` reaches the real tool, `text()`
// fills the answer, a script past its yield time is resumed with `wait`, a throw is reported, and
// `store`/`load` carry values from one cell to the next in a thread.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execScriptReply, functionCallReply, textReply } from '../../../src/testing/index.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

const CONFIG = 'sandbox_mode = "danger-full-access"\napproval_policy = "never"\n';

type Part = { type: string; text?: string; image_url?: string };

/** The output of the last item of request `i`, as content parts. */
function lastOutput(i: number): { item: Record<string, unknown>; parts: Part[] } {
  const item = h?.input(i).at(-1) ?? {};
  return { item, parts: item['output'] as Part[] };
}

async function runTurn(prompt = 'Go.'): Promise<unknown> {
  const weft = await (h as ThreadHarness).open();
  const thread = await weft.startThread();
  const outcome = await thread.run(prompt);
  await thread.close();
  return outcome;
}

describe('code mode: exec', () => {
  it('runs a script that calls tools.exec_command and text(); the next request carries Codex-shaped output', async () => {
    const script = 'const r = await tools.exec_command({ cmd: "echo hello-from-shell" });\ntext(r.output.trim());\ntext({ exit: r.exit_code });';
    h = await threadHarness((_req, i) => (i === 0 ? execScriptReply(script, 'call_x') : textReply('done')), CONFIG);
    expect(await runTurn()).toMatchObject({ status: 'completed', lastMessage: 'done' });
    const first = h.mock.requests[0]?.body as { tools?: unknown; input: Array<{ type: string }> };
    expect(first.tools).toBeUndefined();
    expect(first.input[0]?.type).toBe('additional_tools');
    const { item, parts } = lastOutput(1);
    expect(item).toMatchObject({ type: 'custom_tool_call_output', call_id: 'call_x' });
    expect(parts[0]?.type).toBe('input_text');
    expect(parts[0]?.text).toMatch(/^Script completed\nWall time \d+\.\d seconds\nOutput:\n$/);
    expect(parts.slice(1)).toEqual([
      { type: 'input_text', text: 'hello-from-shell' },
      { type: 'input_text', text: '{"exit":0}' },
    ]);
  }, 30_000);

  it('reports a script that throws as failed, with its error', async () => {
    h = await threadHarness((_req, i) => (i === 0 ? execScriptReply('text("before");\nthrow new Error("boom here");', 'call_t') : textReply('ok')), CONFIG);
    await runTurn();
    const { parts } = lastOutput(1);
    expect(parts[0]?.text).toMatch(/^Script failed\n/);
    expect(parts[1]).toEqual({ type: 'input_text', text: 'before' });
    expect(parts[2]?.text).toContain('Error: boom here');
  }, 30_000);

  it('yields a script still running after yield_time_ms, and wait resumes it to its result', async () => {
    // The script waits on a timer longer than its yield time; wait then gets the rest.
    const script = '// @exec: {"yield_time_ms": 50}\ntext("started");\nawait new Promise((r) => setTimeout(r, 400));\ntext("finished");';
    h = await threadHarness((req, i) => {
      if (i === 0) return execScriptReply(script, 'call_y');
      if (i === 1) {
        const parts = (req.body as { input: Array<{ output?: Part[] }> }).input.at(-1)?.output ?? [];
        const cell = /cell ID (\S+)/.exec(parts[0]?.text ?? '')?.[1] ?? 'none';
        return functionCallReply('wait', { cell_id: cell, yield_time_ms: 10_000 }, 'call_w');
      }
      return textReply('done');
    }, CONFIG);
    await runTurn();
    const yielded = lastOutput(1).parts;
    expect(yielded[0]?.text).toMatch(/^Script running with cell ID 1\n/);
    expect(yielded.slice(1)).toEqual([{ type: 'input_text', text: 'started' }]);
    const { item, parts } = lastOutput(2);
    expect(item).toMatchObject({ type: 'function_call_output', call_id: 'call_w' });
    expect(parts[0]?.text).toMatch(/^Script completed\n/);
    expect(parts.slice(1)).toEqual([{ type: 'input_text', text: 'finished' }]);
  }, 30_000);

  it('keeps store()d values for later exec calls of the thread', async () => {
    h = await threadHarness((_req, i) => {
      if (i === 0) return execScriptReply('store("count", { n: 41 });\ntext(load("missing") === undefined);', 'call_1');
      if (i === 1) return execScriptReply('const v = load("count");\ntext(v.n + 1);', 'call_2');
      return textReply('done');
    }, CONFIG);
    await runTurn();
    expect(lastOutput(1).parts.slice(1)).toEqual([{ type: 'input_text', text: 'true' }]);
    expect(lastOutput(2).parts.slice(1)).toEqual([{ type: 'input_text', text: '42' }]);
  }, 30_000);

  it('gives the script no Node API: no require, process, console or import()', async () => {
    const script = [
      'text(typeof require);',
      'text(typeof process);',
      'text(typeof console);',
      'text(typeof text.constructor.constructor("return this")().process);',
      'try { await import("node:fs"); text("imported"); } catch (e) { text("no import"); }',
    ].join('\n');
    h = await threadHarness((_req, i) => (i === 0 ? execScriptReply(script, 'call_n') : textReply('ok')), CONFIG);
    await runTurn();
    expect(lastOutput(1).parts.slice(1).map((p) => p.text)).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'no import']);
  }, 30_000);

  it('keeps nested exec_command under the approval policy', async () => {
    // Asking to run outside the sandbox needs the user's yes; with nobody to ask, it is refused.
    const script =
      'const r = await tools.exec_command({ cmd: "touch should-not-exist", sandbox_permissions: "require_escalated", justification: "test" });\ntext(typeof r === "string" ? r : r.output);';
    h = await threadHarness(
      (_req, i) => (i === 0 ? execScriptReply(script, 'call_a') : textReply('ok')),
      'sandbox_mode = "workspace-write"\napproval_policy = "on-request"\n',
    );
    await runTurn();
    const parts = lastOutput(1).parts;
    expect(parts[0]?.text).toMatch(/^Script completed\n/);
    expect(parts[1]?.text).toMatch(/approv/i);
    expect(existsSync(path.join((h as ThreadHarness).cwd, 'should-not-exist'))).toBe(false);
  }, 30_000);
});
