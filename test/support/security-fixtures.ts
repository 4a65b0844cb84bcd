// What the security suite (test/security/) attacks the sandbox with: a workspace beside a directory it
// must never write, a tool context whose commands and patches run under a real sandbox policy, and
// the exec_command handler a model's calls go through (apply_patch scripts intercepted, as in a turn).
// The suite runs as root and as an unprivileged user (.ci/run), so nothing here assumes either, and
// from a copy of the checkout without the shared recordings beside it: only weft's own pack is read.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { loadPack } from '../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../src/profile/codex-0.98/pack.js';
import { patchTextsFrom } from '../../src/tools/apply-patch/patch-texts.js';
import { interceptShellPatch } from '../../src/tools/apply-patch/shell-patch.js';
import { createExecCommandHandler } from '../../src/tools/unified-exec/exec-command-tool.js';
import type { ToolContext, ToolHandler, ToolResult } from '../../src/tools/tool-registry.js';
import { execToolContext, toolCall } from './exec-tool-context.js';
import { WEFT_PACK_DIR } from './packs.js';
import type { MechanismCase } from './sandbox-mechanisms.js';

const patchTexts = patchTextsFrom(await loadPack(WEFT_PACK_DIR, codex098PackLayout));

/** workspace-write limited to the thread's cwd: no /tmp, no $TMPDIR, no network. */
export const CWD_ONLY: SandboxPolicy = { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: true, exclude_slash_tmp: true };

export interface AttackLayout {
  /** Everything the test made (removed by cleanAttackLayouts). */
  base: string;
  /** The thread's cwd: the only writable root. */
  cwd: string;
  /** A sibling the sandbox must keep read-only. */
  outside: string;
}

const made: string[] = [];

/** A fresh layout under the checkout (not /tmp, so only the policy's roots decide), `cwd` a git repository. */
export function attackLayout(prefix = '.weft-sec-'): AttackLayout {
  const base = mkdtempSync(path.join(process.cwd(), prefix));
  made.push(base);
  const cwd = path.join(base, 'work');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(cwd, '.git', 'hooks'), { recursive: true });
  mkdirSync(outside);
  return { base, cwd, outside };
}

export function cleanAttackLayouts(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** The entries of `dir` (sorted), to show that an attack left it as it was. */
export function entriesOf(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** A tool context for `cwd` whose commands and patches run under `policy` in `mech`'s sandbox. */
export function sandboxedContext(cwd: string, mech: MechanismCase, policy: SandboxPolicy = CWD_ONLY): ToolContext {
  return {
    ...execToolContext({ cwd }),
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: cwd, SHELL: '/bin/bash' },
    approvalPolicy: 'never',
    sandboxMode: policy.type,
    sandboxPolicy: policy,
    sandboxMechanism: mech.mechanism,
    patch: { texts: patchTexts, sandbox: policy, tmpdir: undefined },
  };
}

const handler: ToolHandler = interceptShellPatch(createExecCommandHandler());

/** One exec_command call as the model makes it (an apply_patch script is applied as a patch). */
export async function execCommand(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolResult> {
  return handler(toolCall('exec_command', { yield_time_ms: 30_000, ...args }), ctx);
}

/** An apply_patch script as a model hands it to exec_command. */
export function patchScript(body: string, cd?: string): string {
  const prefix = cd === undefined ? '' : `cd ${cd} && `;
  return `${prefix}apply_patch <<'EOF'\n*** Begin Patch\n${body}\n*** End Patch\nEOF\n`;
}
