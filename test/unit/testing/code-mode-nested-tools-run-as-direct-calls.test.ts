// A code-mode script's nested calls are the thread's ordinary tool calls: an MCP server's tool
// answers with its CallToolResult, apply_patch edits the file (a freeform tool takes a string), and
// under a read-only sandbox the script's command cannot write.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { execScriptReply, textReply } from '../../../src/testing/index.js';
import { fixtureServerTable } from '../../support/mcp-fixture.js';
import { BUBBLEWRAP } from '../../support/sandbox-mechanisms.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const skipWithoutBwrap = BUBBLEWRAP.skipReason !== undefined;

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

type Part = { type: string; text?: string };

async function runScript(script: string, config: string): Promise<Part[]> {
  h = await threadHarness((_req, i) => (i === 0 ? execScriptReply(script, 'call_s') : textReply('ok')), config);
  const weft = await h.open();
  const thread = await weft.startThread();
  await thread.run('Go.');
  await thread.close();
  return h.input(1).at(-1)?.['output'] as Part[];
}

describe('code mode: nested tools', () => {
  it('calls an MCP server tool by its qualified name and gets its CallToolResult', async () => {
    const script = 'const r = await tools.mcp__fixture__echo({ text: "hi" });\ntext(r.content[0].text);\ntext(ALL_TOOLS.some((t) => t.name === "mcp__fixture__echo"));';
    const parts = await runScript(script, `sandbox_mode = "danger-full-access"\n${fixtureServerTable()}`);
    expect(parts[0]?.text).toMatch(/^Script completed\n/);
    expect(parts.slice(1).map((p) => p.text)).toEqual(['echo: hi', 'true']);
  }, 60_000);

  it('runs apply_patch with the patch as a string, and refuses an object for it', async () => {
    const patch = '*** Begin Patch\n*** Update File: notes.txt\n@@\n-draft\n+final\n*** End Patch';
    const script = `await tools.apply_patch(${JSON.stringify(patch)});\ntry { await tools.apply_patch({ input: "x" }); } catch (e) { text(e.message); }`;
    h = undefined;
    const config = 'sandbox_mode = "workspace-write"\napproval_policy = "never"\n';
    h = await threadHarness((_req, i) => (i === 0 ? execScriptReply(script, 'call_p') : textReply('ok')), config);
    await writeFile(path.join(h.cwd, 'notes.txt'), 'draft\n');
    const weft = await h.open();
    const thread = await weft.startThread();
    await thread.run('Fix the notes.');
    await thread.close();
    expect(await readFile(path.join(h.cwd, 'notes.txt'), 'utf8')).toBe('final\n');
    const parts = h.input(1).at(-1)?.['output'] as Part[];
    expect(parts[1]?.text).toMatch(/string/);
  }, 60_000);

  it.skipIf(skipWithoutBwrap)('keeps the script’s commands in the read-only sandbox', async () => {
    const script = 'const r = await tools.exec_command({ cmd: "touch made-by-script; echo rc=$?" });\ntext(r.output);';
    const parts = await runScript(script, 'sandbox_mode = "read-only"\napproval_policy = "never"\n');
    expect(parts[1]?.text).toMatch(/rc=1/);
    expect(existsSync(path.join((h as ThreadHarness).cwd, 'made-by-script'))).toBe(false);
  }, 60_000);
});
