// Plain `exec` (no --json) prints what Codex 0.171 prints: the final message alone on stdout, and on
// stderr the header block (settings, `session id:`), the prompt, one labelled block per event and
// `tokens used`. Both run the same command line against the same scripted mock.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HumanExecPrinter, shortDuration, withSeparators } from '../../../src/cli/exec-human-output.js';
import { sandboxSummary } from '../../../src/cli/sandbox-summary.js';
import { customToolCallReply, functionCallReply, textReply } from '../../../src/testing/index.js';
import { CODEX_0171, normalizeCliText, runCodex, runWeft, type CliCase } from '../../support/codex-cli-pair.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const shellThenText = (cmd: string): CliCase['reply'] => (i) => (i === 0 ? functionCallReply('exec_command', { cmd }, 'call_1') : textReply('Done.\nTwo lines.'));

async function both(c: CliCase) {
  const [codex, weft] = [await runCodex(CODEX_0171 as string, c), await runWeft(c)];
  const view = (r: typeof codex) => ({ code: r.code, stdout: normalizeCliText(r.stdout, r), stderr: normalizeCliText(r.stderr, r) });
  return { codex: view(codex), weft: view(weft), raw: { codex, weft } };
}

describe.skipIf(CODEX_0171 === undefined)('plain exec beside the real Codex 0.171', () => {
  it('prints the same stdout and stderr for a command that succeeds and a final answer', async () => {
    const r = await both({ args: ['exec', '--skip-git-repo-check', '-s', 'danger-full-access', 'list things'], reply: shellThenText('echo hi; echo there') });
    expect(r.weft).toEqual(r.codex);
    expect(r.weft.stdout).toBe('Done.\nTwo lines.\n');
    expect(r.weft.stderr).toContain('\nsession id: <id>\n--------\nuser\nlist things\n');
  });

  it('prints a failed command with its exit code, and an output without a final newline', async () => {
    const r = await both({ args: ['exec', '--skip-git-repo-check', '-s', 'danger-full-access', 'fail'], reply: shellThenText('printf "a\\nb"; exit 3') });
    expect(r.weft).toEqual(r.codex);
  });

  it('summarises a workspace-write sandbox with its roots, extra directories and open network the same way', async () => {
    const c: CliCase = {
      args: ['exec', '--skip-git-repo-check', '-s', 'workspace-write', '--add-dir', '/var', '-c', 'sandbox_workspace_write.network_access=true', '-c', 'model_reasoning_effort="high"', 'hi'],
      reply: () => textReply('ok'),
    };
    const r = await both(c);
    expect(r.weft).toEqual(r.codex);
    expect(r.weft.stderr).toContain('sandbox: workspace-write [workdir, /tmp, $TMPDIR, /var] (network access enabled)\nreasoning effort: high\n');
  });

  it('prints a patch the model applies the same way', async () => {
    const patch = '*** Begin Patch\n*** Add File: notes.txt\n+hello\n+world\n*** End Patch';
    const r = await both({
      args: ['exec', '--skip-git-repo-check', '-s', 'danger-full-access', 'write notes'],
      reply: (i) => (i === 0 ? customToolCallReply('apply_patch', patch, 'call_p') : textReply('Written.')),
    });
    expect(r.weft).toEqual(r.codex);
  });

  it('prints an update and a delete with their diffs the same way', async () => {
    const patch = '*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+TWO\n three\n*** Delete File: b.txt\n*** End Patch';
    const r = await both({
      args: ['exec', '--skip-git-repo-check', '-s', 'danger-full-access', 'edit'],
      reply: (i) => (i === 0 ? customToolCallReply('apply_patch', patch, 'call_p') : textReply('Edited.')),
      prepare: async (repo) => {
        await writeFile(path.join(repo, 'a.txt'), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n');
        await writeFile(path.join(repo, 'b.txt'), 'gone\n');
      },
    });
    expect(r.weft).toEqual(r.codex);
  });

  it('the session id line names the stored thread, as programs read it to resume', async () => {
    const { raw } = await both({ args: ['exec', '--skip-git-repo-check', 'hi'], reply: () => textReply('ok') });
    const id = /^session id: (\S+)$/m.exec(raw.weft.stderr)?.[1];
    const rollouts = (await readdir(path.join(raw.weft.home, 'sessions'), { recursive: true })).filter((f) => f.endsWith('.jsonl'));
    expect(rollouts).toHaveLength(1);
    expect(rollouts[0]).toContain(`${id}.jsonl`);
  });
});

describe('the pieces of the plain output', () => {
  it('durations and token counts in Codex form', () => {
    expect([shortDuration(0), shortDuration(999.4), shortDuration(2345), shortDuration(65_000)]).toEqual(['0ms', '999ms', '2.35s', '1m 05s']);
    expect([withSeparators(480), withSeparators(1234567)]).toEqual(['480', '1,234,567']);
  });

  it('sandbox summaries for each mode', () => {
    expect(sandboxSummary({ type: 'read-only' }, '/w')).toBe('read-only');
    expect(sandboxSummary({ type: 'danger-full-access' }, '/w')).toBe('danger-full-access');
    const ws = { type: 'workspace-write' as const, network_access: false, exclude_slash_tmp: true, exclude_tmpdir_env_var: true, writable_roots: ['/w', '/x'] };
    expect(sandboxSummary(ws, '/w')).toBe('workspace-write [workdir, /x]');
  });

  it('plan updates, interruptions and failures get their blocks; usage only counts uncached input', () => {
    const out: string[] = [];
    let t = 0;
    const p = new HumanExecPrinter((s) => out.push(s), { showReasoning: true, now: () => (t += 5), cwd: '/w' });
    p.onEvent({ type: 'plan_updated', callId: 'c', explanation: 'why', plan: [{ step: 'a', status: 'completed' }, { step: 'b', status: 'in_progress' }, { step: 'c', status: 'pending' }] });
    p.onEvent({ type: 'token_count', info: { total_token_usage: { input_tokens: 1200, cached_input_tokens: 1000, output_tokens: 40, reasoning_output_tokens: 0, total_tokens: 1240 }, last_token_usage: { input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, reasoning_output_tokens: 0, total_tokens: 0 }, model_context_window: null } });
    p.onEvent({ type: 'turn_interrupted', turnId: 't' });
    p.onEvent({ type: 'turn_failed', turnId: 't', message: 'boom' });
    expect(out).toEqual(['Plan update\nwhy\n  ✓ a\n  → b\n  • c', 'task interrupted', 'ERROR: boom']);
    expect(p.closing()).toBe('tokens used\n240');
  });
});
