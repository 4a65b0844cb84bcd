// Fixtures for the codex-0.169 profile tests: the recorded 0.169 pack, its catalog models, and the
// recorded requests and rollouts of its scenarios (normalized: paths are `{{REPO}}`-style placeholders).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelCatalog, ModelInfo } from '../../protocol/model-catalog.js';
import type { Pack } from '../../src/pack/load-pack.js';
import { loadCodex0169Pack } from '../../src/profile/codex-0.169/pack.js';

export const CODEX_0169_DIR = fileURLToPath(new URL('../../../shared/conformance/codex-0.169/', import.meta.url));
export const CODEX_0169_PACK_DIR = `${CODEX_0169_DIR}pack/`;

let pack: Promise<Pack> | undefined;

export function loadPack0169(): Promise<Pack> {
  pack ??= loadCodex0169Pack(CODEX_0169_PACK_DIR);
  return pack;
}

export function model0169(p: Pack, slug: string): ModelInfo {
  const found = p.json<ModelCatalog>('models.json').models.find((m) => m.slug === slug);
  if (!found) throw new Error(`test fixture: no model ${slug} in the 0.169 pack`);
  return found;
}

type Body = { input: Array<Record<string, unknown> & { content?: Array<{ text: string }> }> } & Record<string, unknown>;

/** `requests/NNN.json` body of a recorded 0.169 scenario. */
export function recordedBody(scenario: string, n = 1): Body {
  const file = `${CODEX_0169_DIR}scenarios/${scenario}/requests/${String(n).padStart(3, '0')}.json`;
  return (JSON.parse(readFileSync(file, 'utf8')) as { body: Body }).body;
}

/** The recorded rollout of a 0.169 scenario, one parsed object per line. */
export function recordedRollout(scenario: string, k = 1): Array<Record<string, unknown>> {
  const text = readFileSync(`${CODEX_0169_DIR}scenarios/${scenario}/rollouts/${k}.jsonl`, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The text of part `p` of input item `i` of a recorded request. */
export function recordedPart(scenario: string, i: number, p = 0, n = 1): string {
  const item = recordedBody(scenario, n).input[i];
  const text = item?.content?.[p]?.text;
  if (text === undefined) throw new Error(`test fixture: ${scenario} request ${n} has no input[${i}].content[${p}]`);
  return text;
}
