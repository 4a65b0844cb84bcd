// What apply_patch reports and needs beyond the common tool context. Only types, so the tool context
// and the approver can name them without importing the patch runner (run-patch.ts re-exports them).
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import type { PatchTexts } from './patch-texts.js';

/** A file change as listeners see it: absolute paths, the text before and after (null: none). */
export interface FileChangeSummary {
  readonly path: string;
  readonly kind: 'add' | 'delete' | 'update';
  readonly movePath: string | undefined;
  readonly before: string | null;
  readonly after: string | null;
}

export type PatchEvent =
  | { type: 'begin'; callId: string; changes: readonly FileChangeSummary[] }
  | { type: 'end'; callId: string; changes: readonly FileChangeSummary[]; status: 'failed' | 'declined'; output: string }
  /** `stdout`: the list of changed files the patch printed (inside the frame of `output`). */
  | { type: 'end'; callId: string; changes: readonly FileChangeSummary[]; status: 'completed'; output: string; stdout: string };

/** What apply_patch needs beyond the common tool context. */
export interface PatchContext {
  readonly texts: PatchTexts;
  readonly sandbox: SandboxPolicy;
  readonly tmpdir: string | undefined;
  readonly onPatchEvent?: ((event: PatchEvent) => void) | undefined;
}
