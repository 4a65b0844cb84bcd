// A variant: a recorded scenario with changed inputs (config keys, files, environment, command-line
// flags, cwd, no repository). The mock replays the recorded replies in order whatever was asked, so a
// variant is meaningful when it does not change the number of requests. Variants are data (JSON
// files under test/conformance/variants/), run by the differential runner against both engines.
import { patch } from '@decimalturn/toml-patch';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { conformanceRoot, loadScenario, type LoadedScenario, type Scenario } from './scenario.js';

export const VariantSchema = z.strictObject({
  /** Unique, shown in reports. */
  name: z.string().min(1),
  /** `<profile>/<scenario>`, e.g. `codex-0.98/basic`. */
  base: z.string().regex(/^[^/]+\/[^/]+$/, 'base is <profile>/<scenario>'),
  /** What the variant exercises, or why it is kept despite a known difference. */
  note: z.string().optional(),
  /** Laid onto config.toml: tables merge key by key, a value replaces, null removes. */
  config: z.record(z.string(), z.unknown()).optional(),
  /** Files to write (placeholders in paths and contents) or, with null, remove. */
  files: z.record(z.string(), z.string().nullable()).optional(),
  /** Environment changes; null removes a variable. */
  env: z.record(z.string(), z.string().nullable()).optional(),
  /** Flags put right after `exec` on every exec step's command line. */
  args: z.array(z.string()).optional(),
  /** Every step's cwd (placeholders allowed). */
  cwd: z.string().optional(),
  /** false: the workspace is not a git repository. */
  git: z.boolean().optional(),
  /** The exit code every step must end with (a setting both engines refuse: non-zero, no request). */
  exit_code: z.number().int().optional(),
});
export type Variant = z.output<typeof VariantSchema>;

export const VariantFileSchema = z.array(VariantSchema);

export function loadVariants(file: string): Variant[] {
  const parsed = VariantFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`invalid variants file ${file}:\n${z.prettifyError(parsed.error)}`);
  const seen = new Set<string>();
  for (const v of parsed.data) {
    if (seen.has(v.name)) throw new Error(`${file}: variant name ${v.name} is used twice`);
    seen.add(v.name);
  }
  return parsed.data;
}

/** The recorded scenario a variant starts from. */
export function loadBase(variant: Variant, root = conformanceRoot()): LoadedScenario {
  const [profile, name] = variant.base.split('/') as [string, string];
  const dir = join(root, profile, 'scenarios', name);
  if (!existsSync(join(dir, 'scenario.json'))) throw new Error(`variant ${variant.name}: no scenario ${variant.base} under ${root}`);
  return loadScenario(dir);
}

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: Table, over: Table): Table {
  const out: Table = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else out[k] = isTable(out[k]) && isTable(v) ? merge(out[k], v) : v;
  }
  return out;
}

/** config.toml with `changes` laid on, keeping the recorded text's layout where it is unchanged. */
export function patchConfigToml(text: string, changes: Table): string {
  return patch(text, merge(parseToml(text) as Table, changes));
}

/**
 * The base scenario with the variant's changes applied. Its name is the variant's; its recorded
 * replies, steps and expected requests stay the base's (the mock replays them).
 */
export function applyVariant(variant: Variant, base: LoadedScenario): LoadedScenario {
  const s = structuredClone(base.scenario);
  const out: Scenario = { ...s, name: variant.name };
  if (variant.config) out.config_toml = patchConfigToml(s.config_toml, variant.config);
  if (variant.files) {
    const files = { ...s.files };
    const binary = { ...s.files_base64 };
    for (const [path, content] of Object.entries(variant.files)) {
      delete files[path];
      delete binary[path];
      if (content !== null) files[path] = content;
    }
    out.files = files;
    out.files_base64 = binary;
    if (out.git?.committed_files) out.git.committed_files = Object.keys(files).filter((p) => p.startsWith('{{REPO}}'));
  }
  if (variant.env) {
    const env = { ...s.env };
    for (const [k, v] of Object.entries(variant.env)) {
      if (v === null) delete env[k];
      else env[k] = v;
    }
    out.env = env;
  }
  if (variant.git === false) out.git = null;
  out.steps = s.steps.map((step) => {
    const argv = step.interface === 'exec' && variant.args ? [...step.argv.slice(0, 2), ...variant.args, ...step.argv.slice(2)] : step.argv;
    return { ...step, argv, ...(variant.cwd === undefined ? {} : { cwd: variant.cwd }), ...(variant.exit_code === undefined ? {} : { exit_code: variant.exit_code }) };
  });
  return { scenario: out, dir: base.dir };
}

/** True when the variant changes what the repository commits (its HEAD then differs from the recording's). */
export function changesRepository(variant: Variant): boolean {
  return Object.keys(variant.files ?? {}).some((p) => p.startsWith('{{REPO}}'));
}
