// The helper's probe is remembered across processes (src/tools/sandbox/landlock-probe.ts), so a
// record can vouch for a helper that no longer works: one written by someone else, or left from a
// helper changed since in a way its file's identity does not show. The record only spares the
// probe: the command still goes through the helper, a helper that cannot set the sandbox up never
// runs it, and weft never retries it unconfined.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordProbeWorking } from '../../src/tools/sandbox/bwrap-probe-record.js';
import { bubblewrapSandbox } from '../../src/tools/sandbox/bubblewrap-sandbox.js';
import { helperProbeKey, helperProbeRecordFile } from '../../src/tools/sandbox/landlock-probe.js';
import { runSandboxed } from '../support/run-sandboxed.js';
import { BUBBLEWRAP } from '../support/sandbox-mechanisms.js';
import { CWD_ONLY } from '../support/security-fixtures.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'weft-forged-helper-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(BUBBLEWRAP.skipReason !== undefined)('a remembered helper probe', () => {
  it('never lets a helper that cannot sandbox run the command, nor weft run it without the helper', async () => {
    // A helper that fails as the real one does when it cannot install its filter (status 125).
    const helper = path.join(dir, 'helper');
    await writeFile(helper, '#!/bin/sh\necho "cannot install the seccomp filter" >&2\nexit 125\n');
    await chmod(helper, 0o755);
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, XDG_CACHE_HOME: path.join(dir, 'cache'), WEFT_LANDLOCK_HELPER: helper };
    // The command's folder is writable to it: only the helper's refusal can keep the mark from being made.
    // A record saying it works, exactly as a successful probe would have written it.
    recordProbeWorking(helperProbeRecordFile(env, 'seccomp'), helperProbeKey(helper, 'seccomp') as string);
    const mark = path.join(dir, 'ran');
    const result = await runSandboxed(['/bin/sh', '-c', `touch '${mark}'`], dir, env, CWD_ONLY, bubblewrapSandbox);
    expect(result.exitCode).toBe(125);
    expect(existsSync(mark)).toBe(false);
  });
});
