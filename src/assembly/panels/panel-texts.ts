// The texts around context panels, from a pack's optional `panels/` files (weft's own pack has them,
// the Codex pack does not). They are read with a layout of their own, so a profile's layout does not
// need to know about them, and a pack without them simply has no panels.
import path from 'node:path';
import { PackError } from '../../errors.js';
import { loadPack, type Pack, type PackDirs } from '../../pack/load-pack.js';
import type { PackLayout } from '../../pack/pack-layout.js';

export const PANEL_FILES = {
  header: 'panels/header.md',
  timestamp: 'panels/timestamp.md',
  item: 'panels/item.md',
  footer: 'panels/footer.md',
  footerAck: 'panels/footer_ack.md',
  seedRepeat: 'panels/seed_repeat.md',
  seedAck: 'panels/seed_ack.md',
} as const;

export const panelsPackLayout: PackLayout = {
  name: 'panels',
  files: [
    { path: PANEL_FILES.header, optional: true },
    { path: PANEL_FILES.timestamp, placeholders: ['time'], optional: true },
    { path: PANEL_FILES.item, placeholders: ['id', 'name', 'content'], optional: true },
    { path: PANEL_FILES.footer, placeholders: ['message_times', 'time'], optional: true },
    { path: PANEL_FILES.footerAck, optional: true },
    { path: PANEL_FILES.seedRepeat, placeholders: ['instructions'], optional: true },
    { path: PANEL_FILES.seedAck, optional: true },
  ],
};

export interface PanelTexts {
  header(): string;
  /** `time` is ISO 8601. */
  timestamp(time: string): string;
  item(id: string, name: string, content: string): string;
  /** `messageTimes`: zero or more lines, each ending in `\n`. */
  footer(messageTimes: string, time: string): string;
  footerAck(): string;
  seedRepeat(instructions: string): string;
  seedAck(): string;
}

/**
 * The panel texts of the pack in `packDir`; undefined when it has none of them.
 * @throws PackError when only some of them are there, naming the missing ones.
 */
export async function loadPanelTexts(packDir: PackDirs): Promise<PanelTexts | undefined> {
  return panelTextsOf(await loadPack(packDir, panelsPackLayout));
}

export function panelTextsOf(pack: Pack): PanelTexts | undefined {
  const files = Object.values(PANEL_FILES);
  const missing = files.filter((f) => !pack.has(f));
  if (missing.length === files.length) return undefined;
  if (missing.length > 0) {
    throw new PackError(`pack ${pack.dir}: context panels need ${missing.join(', ')} (the other panels/ files are there)`, path.join(pack.dir, missing[0] ?? ''));
  }
  return {
    header: () => pack.text(PANEL_FILES.header),
    timestamp: (time) => pack.render(PANEL_FILES.timestamp, { time }),
    item: (id, name, content) => pack.render(PANEL_FILES.item, { id, name, content }),
    footer: (messageTimes, time) => pack.render(PANEL_FILES.footer, { message_times: messageTimes, time }),
    footerAck: () => pack.text(PANEL_FILES.footerAck),
    seedRepeat: (instructions) => pack.render(PANEL_FILES.seedRepeat, { instructions }),
    seedAck: () => pack.text(PANEL_FILES.seedAck),
  };
}
