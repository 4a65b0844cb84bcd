// Differential testing against the real Codex: `tsx scripts/differential.ts [FILE…] [--only NAME…]
// [--base PROFILE/SCENARIO] [--keep] [--json]`. Each variant (a recorded scenario with changed inputs,
// see test/conformance/variant.ts) runs through the real Codex of its generation
// (scripts/install-codex.sh) and through weft with that generation's Codex pack; the line per variant
// says `equal`, `differs` (with the differences), `error` or `skipped`. Without FILE it runs
// test/conformance/variants/*.json. Exit 0 when no variant differs or failed.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatResult, runVariant, type VariantResult } from '../test/conformance/differential.js';
import { loadVariants, type Variant } from '../test/conformance/variant.js';

const HELP = `usage: tsx scripts/differential.ts [FILE…] [options]

Runs each variant (JSON: [{name, base, config?, files?, env?, args?, cwd?, git?}]) through the real
Codex and through weft, and prints per variant: equal | differs | error | skipped.

  FILE            a variants file (default: test/conformance/variants/*.json)
  --only NAME     run only this variant (repeatable; a trailing * matches a prefix)
  --base P/S      run only variants of this base scenario, e.g. codex-0.98/basic
  --keep          keep the workspaces (their paths are printed with an error)
  --dump DIR      write each variant's normalized requests, rollouts and exec streams as
                  DIR/<name>.codex.json and DIR/<name>.weft.json
  --json          one JSON result per line instead of the readable report
  -h, --help      this help
`;

const VARIANTS_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', 'test', 'conformance', 'variants');

function matches(name: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      only: { type: 'string', multiple: true },
      base: { type: 'string' },
      keep: { type: 'boolean' },
      json: { type: 'boolean' },
      dump: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const files = positionals.length > 0 ? positionals : readdirSync(VARIANTS_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => join(VARIANTS_DIR, f));
  let variants: Variant[] = files.flatMap((f) => loadVariants(f));
  if (values.only) variants = variants.filter((v) => matches(v.name, values.only ?? []));
  if (values.base) variants = variants.filter((v) => v.base === values.base);
  if (variants.length === 0) {
    process.stderr.write('differential: no variant selected\n');
    return 2;
  }
  const results: VariantResult[] = [];
  for (const variant of variants) {
    process.stderr.write(`… ${variant.name}\n`);
    const r = await runVariant(variant, { keepWorkspace: values.keep ?? false, keepCaptures: values.dump !== undefined });
    if (values.dump !== undefined && r.captures !== undefined) {
      mkdirSync(values.dump, { recursive: true });
      for (const [side, c] of Object.entries(r.captures)) {
        const data = { requests: c.requests, rollouts: c.rollouts, execStreams: Object.fromEntries(c.execStreams) };
        writeFileSync(join(values.dump, `${variant.name}.${side}.json`), `${JSON.stringify(data, null, 2)}\n`);
      }
      delete r.captures;
    }
    results.push(r);
    process.stdout.write(values.json ? `${JSON.stringify(r)}\n` : `${formatResult(r)}\n`);
  }
  const count = (s: string): number => results.filter((r) => r.status === s).length;
  process.stderr.write(`differential: ${count('equal')} equal, ${count('differs')} differ, ${count('error')} error, ${count('skipped')} skipped (of ${results.length})\n`);
  return count('differs') + count('error') > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`differential: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
