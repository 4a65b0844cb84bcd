import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRuntime } from '../../../src/engine/runtime.js';
import { CODEX_PACK_DIR, WEFT_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

afterEach(removeTempDirs);

describe('tool-error texts', () => {
  it('come from the loaded pack when it has them', async () => {
    const pack = await tempDir('weft-pack-');
    await cp(WEFT_PACK_DIR, pack, { recursive: true });
    await writeFile(path.join(pack, 'tool_output/errors/unknown_tool.txt'), 'No {{ name }} in this workshop.');
    const home = await tempDir('weft-home-');
    const rt = await loadRuntime({ env: { HOME: home, WEFT_HOME: home }, packDir: pack, compat: 'codex-0.98' });
    expect(rt.toolTexts.unknownTool('saw')).toBe('No saw in this workshop.');
  });

  it('are borrowed from weft’s own pack when the loaded pack has none (Codex’s packs)', async () => {
    const home = await tempDir('weft-home-');
    const rt = await loadRuntime({ env: { HOME: home, WEFT_HOME: home }, packDir: CODEX_PACK_DIR, compat: 'codex-0.98' });
    expect(rt.pack.has('tool_output/errors/unknown_tool.txt')).toBe(false);
    expect(rt.toolTexts.unknownTool('saw')).toBe(weftToolTexts.unknownTool('saw'));
    expect(rt.toolTexts.commandDenied('rm x')).toBe(weftToolTexts.commandDenied('rm x'));
  });
});
