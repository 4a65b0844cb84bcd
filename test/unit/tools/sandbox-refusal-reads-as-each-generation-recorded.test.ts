// The refusal a model reads when the read-only sandbox stops `touch <repo>/x` is each generation's
// own: the tool_sandbox_denied recordings hold Codex 0.98's (Landlock: EACCES) and 0.169's
// (bubblewrap: EROFS). Each profile's mechanism, run for real, must print exactly the recorded line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runSandboxed } from '../../support/run-sandboxed.js';
import { MECHANISMS } from '../../support/sandbox-mechanisms.js';

const CONFORMANCE = fileURLToPath(new URL('../../../../shared/conformance/', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The error `touch` printed in the recorded output of the scenario's exec_command call. */
function recordedError(profile: string): string {
  const file = path.join(CONFORMANCE, profile, 'scenarios', 'tool_sandbox_denied', 'requests', '002.json');
  const body = JSON.parse(readFileSync(file, 'utf8')) as { body: { input: { type: string; output?: unknown }[] } };
  const output = body.body.input.find((item) => item.type === 'function_call_output')?.output;
  const match = /touch: cannot touch '\{\{REPO\}\}\/x': ([A-Za-z -]+)/.exec(String(output));
  if (!match?.[1]) throw new Error(`no refusal in ${file}`);
  return match[1];
}

describe.each(MECHANISMS)('a refused write under $profile ($mechanism.label)', ({ profile, mechanism, skipReason }) => {
  it.skipIf(skipReason !== undefined)('prints the error the recording shows', async () => {
    const repo = mkdtempSync(path.join(process.cwd(), '.weft-sbx-rec-'));
    dirs.push(repo);
    const run = await runSandboxed(['/bin/sh', '-c', `touch ${repo}/x`], repo, { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, { type: 'read-only' }, mechanism);
    expect(run.exitCode).toBe(1);
    expect(run.output).toBe(`touch: cannot touch '${repo}/x': ${recordedError(profile)}\n`);
  });
});
