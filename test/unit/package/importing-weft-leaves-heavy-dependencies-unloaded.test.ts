// Importing the library and opening the engine must not load what only starting a thread or sending a
// request needs: the openai SDK (its error classes come from the light 'openai/core/error'),
// simple-git, globby, yaml and ws (the Responses WebSocket), nor the Chat and Anthropic clients with their event schemas. Each
// weighs megabytes of memory or tens of milliseconds of start-up.
// A module-loading hook in a child process lists every file Node loads.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runWithLoadHook } from '../../support/module-load-hook.js';
import { removeTempDirs } from '../../support/temp-tree.js';

afterEach(removeTempDirs);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

async function loadedFiles(script: string): Promise<string[]> {
  return (await runWithLoadHook(script, ROOT)).loaded;
}

/** The SDK proper is its client and its resources; its error classes (core/error) may load. */
const heavy = (files: string[]): string[] =>
  files.filter(
    (f) =>
      /\/node_modules\/(simple-git|globby|yaml|ws)\//.test(f) ||
      /\/node_modules\/openai\/(index\.mjs|client\.mjs|resources\/)/.test(f) ||
      /\/dist\/(src\/client\/stream-(chat|anthropic)|protocol\/(chat-completions|anthropic-messages))\.js$/.test(f),
  );

describe('importing weft', () => {
  it('loads neither the openai SDK, simple-git, globby, yaml nor the other wires\' clients, even to open the engine', async () => {
    const files = await loadedFiles("const { Weft } = await import('./dist/src/index.js'); await Weft.open({ env: process.env, cwd: process.cwd() });");
    expect(files.some((f) => f.endsWith('/dist/src/index.js'))).toBe(true);
    expect(heavy(files)).toEqual([]);
  });

  it('is what the hook can see: the SDK shows up once a module imports it', async () => {
    const files = await loadedFiles("await import('openai');");
    expect(heavy(files).length).toBeGreaterThan(0);
  });
});
