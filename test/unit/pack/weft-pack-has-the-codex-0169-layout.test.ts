// weft's own pack serves the codex-0.169 layout: every file that layout needs is in templates/
// (templates/codex-0.169/ over templates/), with the placeholders the layout expects, and every
// catalog fact is Codex's while every model-visible text is weft's.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelCatalog, ModelInfo } from '../../../protocol/model-catalog.js';
import { weftPackFor } from '../../../src/pack/default-pack-dir.js';
import { loadPack } from '../../../src/pack/load-pack.js';
import { placeholdersOf } from '../../../src/pack/template.js';
import { codex0169PackLayout, isCodeMode, loadCodex0169Pack, toolsFile } from '../../../src/profile/codex-0.169/pack.js';
import { codex0169Profile } from '../../../src/profile/codex-0.169/profile.js';
import { CODEX_0169_PACK_DIR, loadPack0169 } from '../../support/codex-0169.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';

const WEFT_0169 = weftPackFor('codex-0.169');

describe("weft's own pack under the codex-0.169 layout", () => {
  it('is the profile’s own pack: templates/codex-0.169/ over templates/', () => {
    expect(codex0169Profile.weftPack).toEqual(WEFT_0169);
    expect(path.resolve(WEFT_0169[1] as string)).toBe(path.resolve(WEFT_PACK_DIR));
    expect(path.resolve(WEFT_0169[0] as string)).toBe(path.resolve(WEFT_PACK_DIR, 'codex-0.169'));
  });

  it('has every file the layout requires, each using exactly the placeholders the layout gives it', async () => {
    const pack = await loadPack(WEFT_0169, codex0169PackLayout);
    for (const spec of codex0169PackLayout.files) {
      if (spec.optional) continue;
      expect(pack.has(spec.path), spec.path).toBe(true);
      // The loader refuses unknown placeholders; a template that drops one the engine fills would
      // lose that value silently, so each expected placeholder must be used.
      expect([...placeholdersOf(pack.text(spec.path))].sort(), spec.path).toEqual([...(spec.placeholders ?? [])].sort());
    }
  });

  it('has every optional file the Codex 0.169 pack has, and the tools of every catalog model', async () => {
    const codex = await loadPack0169();
    const ours = await loadCodex0169Pack(WEFT_0169);
    for (const spec of codex0169PackLayout.files) {
      if (spec.optional && codex.has(spec.path)) expect(ours.has(spec.path), spec.path).toBe(true);
    }
    for (const model of ours.json<ModelCatalog>('models.json').models) {
      if (!isCodeMode(model)) expect(ours.has(toolsFile(model.slug)), model.slug).toBe(true);
    }
  });

  it('offers the same tools as Codex, by name and parameter schema', async () => {
    const codex = await loadPack0169();
    const ours = await loadCodex0169Pack(WEFT_0169);
    const files = ['tools/gpt-5.5.json', 'tools/code_mode/functions.json', 'tools/code_mode/collaboration.json'];
    for (const file of files) expect(withoutTexts(ours.json(file)), file).toEqual(withoutTexts(codex.json(file)));
  });

  it('has the Codex catalog’s models with their facts, and instructions of its own', async () => {
    const codex = (await loadPack0169()).json<ModelCatalog>('models.json').models;
    const ours = (await loadCodex0169Pack(WEFT_0169)).json<ModelCatalog>('models.json').models;
    expect(ours.map((m) => m.slug)).toEqual(codex.map((m) => m.slug));
    for (const [i, model] of ours.entries()) {
      const theirs = codex[i] as ModelInfo;
      expect(facts(model), model.slug).toEqual(facts(theirs));
      expect(model.base_instructions).not.toBe(theirs.base_instructions);
      // 0.169 sends the template as it is: no placeholder, and it equals base_instructions.
      expect(model.model_messages?.instructions_template).toBe(model.base_instructions);
      expect(placeholdersOf(model.base_instructions).size).toBe(0);
    }
  });

  it('has filters that match its own texts: the personality section and the update_plan cuts', async () => {
    const pack = await loadCodex0169Pack(WEFT_0169);
    const filters = pack.json<{ when_tool_absent: { update_plan: { drop_line_prefixes: string[]; drop_sections: string[] } } }>('filters.json');
    const models = pack.json<ModelCatalog>('models.json').models;
    const lines = (text: string): string[] => text.split('\n');
    for (const model of models) {
      expect(lines(model.base_instructions), model.slug).toContain('# Personality');
      const prefix = filters.when_tool_absent.update_plan.drop_line_prefixes[0] as string;
      expect(lines(model.base_instructions).some((l) => l.startsWith(prefix)), model.slug).toBe(true);
    }
    const section = filters.when_tool_absent.update_plan.drop_sections[0] as string;
    expect(lines(pack.text('collaboration_mode/plan.md'))).toContain(section);
  });

  it('keeps its own words: no line of 60 characters or more of the Codex 0.169 pack is in its folder', async () => {
    const theirs = new Set((await Promise.all((await filesUnder(CODEX_0169_PACK_DIR)).map(longLines))).flat());
    expect(theirs.size).toBeGreaterThan(100);
    for (const file of await filesUnder(WEFT_0169[0] as string)) {
      const copied = (await longLines(file)).filter((line) => theirs.has(line));
      expect(copied, file).toEqual([]);
    }
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name !== 'MANIFEST.md').map((e) => path.join(e.parentPath, e.name));
}

/** The trimmed lines of 60 characters or more of a pack file; a JSON file's lines are those of its strings. */
async function longLines(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  const texts = file.endsWith('.json') ? stringsOf(JSON.parse(text)) : [text];
  return texts.flatMap((t) => t.split('\n')).map((l) => l.trim()).filter((l) => l.length >= 60);
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}

/** A JSON value with every `description` string removed (the texts), keeping names and schemas. */
function withoutTexts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'description' && typeof v === 'string') continue;
    // A freeform tool's grammar is a fact, but weft writes its rules under names of its own.
    if (key === 'format' && (value as { type?: unknown }).type === 'custom') continue;
    out[key] = withoutTexts(v);
  }
  return out;
}

/** A catalog entry without its texts: what the model is and can do. */
function facts(model: ModelInfo): unknown {
  const { base_instructions: _b, model_messages: _m, description: _d, upgrade, ...rest } = model;
  const stripped = withoutTexts(rest) as Record<string, unknown>;
  const target = (upgrade as { model?: unknown } | null | undefined)?.model;
  return { ...stripped, upgrade: target ?? null };
}
