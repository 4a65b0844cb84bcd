// A real headless Chromium (Debian's `chromium`, driven by playwright-core) for the page tests, with a
// fresh profile and nothing that talks to the network on its own. Absent, the tests say so and skip.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { chromium, type BrowserContext } from 'playwright-core';
import { tempDir } from './temp-tree.js';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

export async function launchChromium(): Promise<BrowserContext> {
  const profile = await tempDir('weft-chromium-');
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
