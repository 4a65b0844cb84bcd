// An output far over max_output_tokens is cut in the middle and framed with the pack's texts:
// codex-0.98 shows `truncated_output.md` in place of the output; codex-0.169 puts its
// `truncation_warning.md` line first. The token counts are those of the whole output (bytes / 4).
import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../../src/profile/codex-0.98/pack.js';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import { CODEX_0169_TOOL_OUTPUTS, CODEX_098_TOOL_OUTPUTS } from '../../../src/tools/tool-output-style.js';
import { toolTextsFrom } from '../../../src/tools/tool-texts.js';
import { loadPack0169 } from '../../support/codex-0169.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { loadCodexPack, WEFT_PACK_DIR } from '../../support/packs.js';
import { tempDir } from '../../support/temp-tree.js';

const weftPack = await loadPack(WEFT_PACK_DIR, codex098PackLayout);
const seq = Array.from({ length: 3000 }, (_, i) => `${i + 1}\n`).join('');
const tokens = Math.ceil(Buffer.byteLength(seq) / 4);

async function run(generation: '0.98' | '0.169'): Promise<string> {
  const pack = generation === '0.98' ? await loadCodexPack() : await loadPack0169();
  const ctx = execToolContext({
    cwd: await tempDir('weft-trunc-'),
    pack,
    texts: toolTextsFrom(pack, weftPack),
    style: generation === '0.98' ? CODEX_098_TOOL_OUTPUTS : CODEX_0169_TOOL_OUTPUTS,
  });
  const result = await execCommand(toolCall('exec_command', { cmd: 'seq 1 3000', max_output_tokens: 50 }), ctx);
  return String(result.output);
}

describe('exec output far over max_output_tokens', () => {
  it('codex-0.98: the truncated form replaces the output, head and tail cut inside lines', async () => {
    const output = await run('0.98');
    const shown = output.slice(output.indexOf('Output:\n') + 'Output:\n'.length);
    expect(output).toContain(`Original token count: ${tokens}\n`);
    expect(shown.startsWith('Total output lines: 3000\n\n1\n2\n')).toBe(true);
    expect(shown).toContain(`3…${tokens - 50} tokens truncated…2981\n`);
    expect(shown.endsWith('2999\n3000\n')).toBe(true);
    expect(shown).not.toContain('Warning');
  });

  it('codex-0.169: the warning line with the original token count comes first', async () => {
    const output = await run('0.169');
    const shown = output.slice(output.indexOf('Output:\n') + 'Output:\n'.length);
    expect(shown.startsWith(`Warning: truncated output (original token count: ${tokens})\nTotal output lines: 3000\n\n1\n`)).toBe(true);
    expect(shown).toContain(`…${tokens - 50} tokens truncated…`);
  });

  it("weft's own pack words it its own way, from the same placeholders", async () => {
    const ctx = execToolContext({ cwd: await tempDir('weft-trunc-') });
    const result = await execCommand(toolCall('exec_command', { cmd: 'seq 1 3000', max_output_tokens: 50 }), ctx);
    expect(String(result.output)).toContain(`[3000 lines in all; the middle is left out]\n\n1\n`);
    expect(String(result.output)).toContain(`[... ${tokens - 50} tokens left out ...]`);
  });
});
