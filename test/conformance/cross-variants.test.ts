// Differential testing against the real Codex: each variant of variants/curated.json (a recorded
// scenario with changed config, files, environment or flags) runs through the real Codex of its
// generation and through weft with that generation's pack; requests, rollouts and exec --json
// streams must be the same. Runs only where scripts/install-codex.sh installed the binaries.
// `tsx scripts/differential.ts` runs these and the wider variants/explore.json by hand.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { findCodexBinary } from './codex-binary-driver.js';
import { codexVersionOf, formatResult, runVariant } from './differential.js';
import { loadVariants } from './variant.js';

const variants = loadVariants(fileURLToPath(new URL('./variants/curated.json', import.meta.url)));

// Codex 0.169 gathers the workspace's git facts under a time limit and may leave them out on a
// loaded machine (see cross-resume-codex-0.169.test.ts): such a run is tried again.
const CODEX_UNDER_LOAD = { retry: 2, timeout: 60_000 };

for (const profile of [...new Set(variants.map((v) => v.base.split('/')[0] as string))]) {
  const version = codexVersionOf(profile) ?? profile;
  describe(`variants against the real Codex ${version}`, () => {
    if (!findCodexBinary(version)) {
      test.skip(`skipped: no Codex ${version} binary (run scripts/install-codex.sh ${version} to enable)`, () => {});
      return;
    }
    for (const variant of variants.filter((v) => v.base.startsWith(`${profile}/`))) {
      test(`${variant.name}: ${variant.note ?? variant.base}`, CODEX_UNDER_LOAD, async () => {
        const result = await runVariant(variant);
        if (result.status !== 'equal' || result.rolloutDiffs.length > 0 || result.execStreamDiffs.length > 0) {
          expect.fail(formatResult(result));
        }
      });
    }
  });
}
