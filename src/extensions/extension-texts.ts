// The pack texts the extension pipeline shows a model: the output of a skipped tool call and the
// wrappers of compaction and branch summaries. They are optional pack files (weft's own pack has
// them, a Codex pack does not), read with a small layout of their own so that their placeholders are
// checked like every other pack file. Without them: a skipped call gets the pack's "aborted" output,
// a compaction summary the pack's own compaction prefix, and a branch summary is an error that names
// the missing file.
import { PackError } from '../errors.js';
import { loadPack, type Pack } from '../pack/load-pack.js';
import type { PackLayout } from '../pack/pack-layout.js';

const SKIPPED = 'tool_output/skipped.txt';
const COMPACTION = 'extensions/compaction_summary.md';
const BRANCH = 'extensions/branch_summary.md';

export const extensionTextsLayout: PackLayout = {
  name: 'weft-extensions',
  files: [
    { path: SKIPPED, optional: true },
    { path: COMPACTION, placeholders: ['summary'], optional: true },
    { path: BRANCH, placeholders: ['summary'], optional: true },
  ],
};

export interface ExtensionTexts {
  readonly skippedOutput: string;
  compactionSummary(summary: string): string;
  branchSummary(summary: string): string;
}

/** The texts from `extra` (the optional files), with the core pack's fallbacks. */
export function extensionTexts(extra: Pack, core: Pack): ExtensionTexts {
  return {
    skippedOutput: extra.has(SKIPPED) ? extra.text(SKIPPED) : core.text('tool_output/aborted.txt'),
    compactionSummary: (summary) =>
      extra.has(COMPACTION)
        ? extra.render(COMPACTION, { summary })
        : `${core.text('compact/summary_prefix.md')}${core.text('compact/summary_separator.txt')}${summary}`,
    branchSummary: (summary) => {
      if (!extra.has(BRANCH)) throw new PackError(`pack ${core.dir}: ${BRANCH} is missing, so branch summaries cannot be sent`, core.dir);
      return extra.render(BRANCH, { summary });
    },
  };
}

export async function loadExtensionTexts(core: Pack): Promise<ExtensionTexts> {
  return extensionTexts(await loadPack(core.dirs, extensionTextsLayout), core);
}
