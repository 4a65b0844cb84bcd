// Context panels (seed 000): named pieces of live context — a todo list, a file, a directory tree —
// that are shown to the model before the conversation on every request. A panel has an id, a header
// (its display name), its content and the time its content last changed; a refresh function, when
// given, recomputes the content before each request.
import { UsageError, errorMessage } from '../../errors.js';

export interface Panel {
  readonly id: string;
  readonly header: string;
  readonly content: string;
  /** When the content (or header) last changed, in ms since the epoch. */
  readonly lastRefreshMs: number;
}

export interface PanelSpec {
  readonly id: string;
  readonly header: string;
  readonly content?: string;
  /** Default: now. */
  readonly lastRefreshMs?: number;
  /** Called before every request; the panel keeps its old content when it throws. */
  readonly refresh?: () => string | Promise<string>;
}

/** Ids travel in tool call ids (`panel_<id>`), which some wires restrict to these characters. */
const PANEL_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Reserved: the footer call and the panels weft makes from detached history. */
const RESERVED = /^(footer$|history-)/;

export class PanelRegistry {
  readonly #panels = new Map<string, { panel: Panel; refresh?: PanelSpec['refresh'] }>();
  readonly #now: () => number;

  constructor(opts: { now?: () => number } = {}) {
    this.#now = opts.now ?? Date.now;
  }

  /** @throws UsageError for an id that is taken, reserved or not made of [A-Za-z0-9_-]. */
  register(spec: PanelSpec): Panel {
    if (!PANEL_ID.test(spec.id)) throw new UsageError(`panel id '${spec.id}' must be 1–64 characters of A-Z, a-z, 0-9, _ or -`);
    if (RESERVED.test(spec.id)) throw new UsageError(`panel id '${spec.id}' is reserved (footer, history-*)`);
    if (this.#panels.has(spec.id)) throw new UsageError(`a panel with id '${spec.id}' is already registered`);
    const panel: Panel = {
      id: spec.id,
      header: spec.header,
      content: spec.content ?? '',
      lastRefreshMs: spec.lastRefreshMs ?? this.#now(),
    };
    this.#panels.set(spec.id, { panel, ...(spec.refresh ? { refresh: spec.refresh } : {}) });
    return panel;
  }

  unregister(id: string): boolean {
    return this.#panels.delete(id);
  }

  /** New content (and header); the refresh time moves only when the text really changed. */
  update(id: string, content: string, header?: string): Panel {
    const entry = this.#panels.get(id);
    if (!entry) throw new UsageError(`no panel with id '${id}' is registered`);
    const next = header ?? entry.panel.header;
    if (content !== entry.panel.content || next !== entry.panel.header) {
      entry.panel = { ...entry.panel, header: next, content, lastRefreshMs: this.#now() };
    }
    return entry.panel;
  }

  get(id: string): Panel | undefined {
    return this.#panels.get(id)?.panel;
  }

  /** Panels in registration order. */
  list(): Panel[] {
    return [...this.#panels.values()].map((e) => e.panel);
  }

  /** Runs every refresh function; returns a warning per panel whose refresh failed. */
  async refresh(): Promise<string[]> {
    const entries = [...this.#panels.values()].filter((e) => e.refresh);
    const results = await Promise.allSettled(entries.map(async (e) => (e.refresh ? e.refresh() : e.panel.content)));
    const warnings: string[] = [];
    results.forEach((result, i) => {
      const entry = entries[i];
      if (!entry) return;
      if (result.status === 'fulfilled') this.update(entry.panel.id, result.value);
      else warnings.push(`panel '${entry.panel.id}': refresh failed, its previous content is shown: ${errorMessage(result.reason)}`);
    });
    return warnings;
  }
}

/** Oldest refresh first, so the panels that change least open the prompt (stable for ties). */
export function sortByRefresh(panels: readonly Panel[]): Panel[] {
  return panels
    .map((panel, order) => ({ panel, order }))
    .sort((a, b) => a.panel.lastRefreshMs - b.panel.lastRefreshMs || a.order - b.order)
    .map((e) => e.panel);
}
