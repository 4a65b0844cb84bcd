// Fixtures for the apply_patch tests: texts from the packs as the engine loads them, a tool context
// on a temporary workspace, and a snapshot of a directory tree (to prove that nothing was written).
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import { loadPack } from '../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../src/profile/codex-0.98/pack.js';
import { applyPatchTool } from '../../src/tools/apply-patch/apply-patch-tool.js';
import { patchTextsFrom, type PatchTexts } from '../../src/tools/apply-patch/patch-texts.js';
import type { PatchEvent } from '../../src/tools/apply-patch/run-patch.js';
import type { Approver } from '../../src/tools/approval.js';
import type { ToolContext, ToolResult } from '../../src/tools/tool-registry.js';
import { CODEX_PACK_DIR, WEFT_PACK_DIR } from './packs.js';
import { weftToolTexts } from './tool-texts.js';
import { bubblewrapSandbox } from '../../src/tools/sandbox/bubblewrap-sandbox.js';

const weftPack = await loadPack(WEFT_PACK_DIR, codex098PackLayout);
export const weftPatchTexts: PatchTexts = patchTextsFrom(weftPack);
/** Codex's recorded texts, with weft's own refusals where Codex's pack has none. */
export const codexPatchTexts: PatchTexts = patchTextsFrom(await loadPack(CODEX_PACK_DIR, codex098PackLayout), weftPack);

/** workspace-write limited to `cwd` (no /tmp, no $TMPDIR: the tests live under the temp dir). */
export const CWD_ONLY: SandboxPolicy = {
  type: 'workspace-write',
  network_access: false,
  exclude_tmpdir_env_var: true,
  exclude_slash_tmp: true,
};

export interface PatchContextOptions {
  sandbox?: SandboxPolicy;
  approvalPolicy?: ToolContext['approvalPolicy'];
  approver?: Approver;
  texts?: PatchTexts;
  events?: PatchEvent[];
}

export function patchContext(cwd: string, opts: PatchContextOptions = {}): ToolContext {
  const sandbox = opts.sandbox ?? CWD_ONLY;
  return {
    cwd,
    env: { PATH: process.env['PATH'] },
    approvalPolicy: opts.approvalPolicy ?? 'never',
    sandboxMode: sandbox.type,
    sandboxPolicy: sandbox,
    sandboxMechanism: bubblewrapSandbox,
    truncationPolicy: { mode: 'tokens', limit: 10000 },
    approver: opts.approver,
    renderExecOutput: (v) => v.output,
    texts: weftToolTexts,
    patch: {
      texts: opts.texts ?? codexPatchTexts,
      sandbox,
      tmpdir: undefined,
      onPatchEvent: (ev) => opts.events?.push(ev),
    },
  };
}

/** Runs the freeform apply_patch tool with `patch` as its input. */
export function applyPatch(patch: string, ctx: ToolContext): Promise<ToolResult> {
  return applyPatchTool({ name: 'apply_patch', arguments: patch, callId: 'call_patch', signal: new AbortController().signal, kind: 'custom' }, ctx);
}

/** Every file under `root` (relative path → bytes as hex), sorted; directories as `dir/`, links as `-> target`. */
export async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.isSymbolicLink()) out[rel] = `-> ${await readlink(full)}`;
      else if (entry.isDirectory()) {
        out[`${rel}/`] = '';
        await walk(full);
      } else out[rel] = (await readFile(full)).toString('hex');
    }
  };
  await walk(root);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export const patchOf = (...sections: string[]): string => ['*** Begin Patch', ...sections, '*** End Patch'].join('\n');
