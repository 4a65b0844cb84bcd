// The profile, pack and config facts a thread's requests are rebuilt with: the home's own runtime
// when the thread is of its generation; otherwise that generation's profile with weft's own pack
// (texts may then differ from what was sent, and the page says so).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ModelInfo } from '../../protocol/model-catalog.js';
import type { CompatProfileName } from '../../protocol/config.js';
import { loadRuntime, type Runtime } from '../engine/runtime.js';
import { contextPrefixes, isRealUserMessage } from '../history/context-messages.js';
import type { CompatProfile } from '../profile/profile.js';
import type { RenderKit } from './request-body.js';
import type { Classifier } from './request-composition.js';

export interface ViewKit extends RenderKit {
  readonly profile: CompatProfile;
  readonly classifier: Classifier;
  /** False when the thread's generation differs from the home's and its pack was not available. */
  readonly exact: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The home's installation id, read only (the viewer never creates one). */
async function readInstallationId(home: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path.join(home, 'installation_id'), 'utf8')).trim();
    return UUID.test(text) ? text.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function providerIdOf(rt: Runtime): string {
  return rt.config.model_provider ?? 'openai';
}

export async function kitFor(rt: Runtime, exact: boolean): Promise<ViewKit> {
  const wrapper = rt.pack.text('user_instructions/wrapper.md');
  const cut = wrapper.indexOf('{{ ');
  const prefixes = contextPrefixes(rt.pack);
  const config = rt.config;
  return {
    profile: rt.profile,
    pack: rt.pack,
    catalog: rt.catalog,
    fallbackModel: rt.fallbackModel,
    packTools: rt.packTools,
    modelFacts: (model: ModelInfo) => ({
      ...model,
      ...(config.model_context_window !== undefined ? { context_window: config.model_context_window } : {}),
      ...(config.model_verbosity !== undefined ? { default_verbosity: config.model_verbosity } : {}),
    }),
    compactPrompt: config.compact_prompt,
    installationId: await readInstallationId(rt.home),
    providerId: providerIdOf(rt),
    instructionsOverride: rt.instructionsOverride,
    classifier: { isRealUser: (item) => isRealUserMessage(item, prefixes), agentsPrefix: cut > 0 ? wrapper.slice(0, cut) : undefined },
    exact,
  };
}

/** Kits per generation, loaded once. */
export class KitShelf {
  readonly #kits = new Map<CompatProfileName, Promise<ViewKit>>();

  constructor(private readonly rt: Runtime) {}

  get(generation: CompatProfileName): Promise<ViewKit> {
    let kit = this.#kits.get(generation);
    if (!kit) {
      kit = this.#load(generation);
      this.#kits.set(generation, kit);
    }
    return kit;
  }

  async #load(generation: CompatProfileName): Promise<ViewKit> {
    if (this.rt.profile.name === generation) return kitFor(this.rt, true);
    try {
      const other = await loadRuntime({ env: this.rt.env, home: this.rt.home, compat: generation, packDir: undefined });
      return await kitFor(other, false);
    } catch {
      return kitFor(this.rt, false);
    }
  }
}
