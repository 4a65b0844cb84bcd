// One Weft's model catalog refresh (catalog-refresh.ts): once before its first thread opens, then
// whenever an answer names another version of the service's catalog (`X-Models-Etag`). Each new
// catalog replaces the runtime's; turns resolve their settings from it when they start.
import { catalogAfterModelsEtag, refreshedCatalog, refreshesCatalog, type CatalogRefreshInput } from './catalog-refresh.js';
import type { Runtime } from './runtime.js';
import type { SignedInCatalog } from './signed-in-catalog.js';

export class ModelCatalogRefresher {
  #first: Promise<void> | undefined;
  /** The refresh's input (the bundled catalog) and the version of the service's catalog in use. */
  #source: { input: CatalogRefreshInput; etag: string | undefined } | undefined;
  /** Answers' catalog versions are handled one after another. */
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly rt: Runtime,
    /** Signed in with ChatGPT: a generation with sign-in asks for the catalog with these credentials. */
    private readonly signedIn?: () => SignedInCatalog | undefined,
  ) {}

  #refreshes(): boolean {
    const asks = this.rt.profile.refreshesModelCatalog || this.signedIn?.() !== undefined;
    return asks && refreshesCatalog(this.rt.config, this.rt.env);
  }

  /** The first refresh (once; nothing when the generation or the configuration has none). */
  beforeFirstThread(): Promise<void> {
    const rt = this.rt;
    if (!this.#refreshes()) return Promise.resolve();
    const input = { home: rt.home, config: rt.config, configFile: rt.configFile, env: rt.env, bundled: rt.catalog, clientVersion: rt.profile.cliVersion, signedIn: this.signedIn?.() };
    this.#first ??= refreshedCatalog(input).then(({ catalog, etag }) => {
      rt.catalog = catalog;
      this.#source = { input, etag };
    });
    return this.#first;
  }

  /** An answer named the service's catalog version: see catalogAfterModelsEtag. */
  readonly onModelsEtag = (served: string): Promise<void> => {
    this.#queue = this.#queue.then(async () => {
      const source = this.#source;
      if (!source || !this.#refreshes()) return;
      const next = await catalogAfterModelsEtag(source.input, source.etag, served);
      if (!next) return;
      this.rt.catalog = next.catalog;
      this.#source = { input: source.input, etag: next.etag };
    });
    return this.#queue;
  };
}
