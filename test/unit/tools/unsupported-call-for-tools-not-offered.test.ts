// A call of a tool the request did not offer (0.169 does not offer update_plan to gpt-5.5), or of a
// name nobody runs (offered or not: the tool of a disabled MCP server, variants *-q-mcp-disabled),
// answers with the pack's unsupported-call text, as Codex does; the handler never runs. Outside a
// turn (no offered set) a name nobody handles keeps the unknown-tool text.
import { describe, expect, it } from 'vitest';
import { loadPack } from '../../../src/pack/load-pack.js';
import { codex098PackLayout } from '../../../src/profile/codex-0.98/pack.js';
import { ToolRegistry, type ToolResult } from '../../../src/tools/tool-registry.js';
import { toolTextsFrom } from '../../../src/tools/tool-texts.js';
import { loadPack0169 } from '../../support/codex-0169.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';
import { weftToolTexts } from '../../support/tool-texts.js';

describe('unsupported calls', () => {
  let ran = false;
  const handler = async (): Promise<ToolResult> => {
    ran = true;
    return { output: 'ran' };
  };
  const registry = new ToolRegistry().register('update_plan', handler, { whenOffered: true }).register('mine', handler);
  const ctx = execToolContext({ cwd: '/' });

  it('a generation tool the request did not offer is not run', async () => {
    ran = false;
    const result = await registry.dispatch(toolCall('update_plan', { plan: [] }), ctx, new Set(['exec_command']));
    expect(result).toEqual({ output: weftToolTexts.unsupportedCall('update_plan'), success: false });
    expect(ran).toBe(false);
  });

  it('runs once offered; a library tool runs whatever the request offered', async () => {
    expect((await registry.dispatch(toolCall('update_plan', { plan: [] }), ctx, new Set(['update_plan']))).output).toBe('ran');
    expect((await registry.dispatch(toolCall('mine', {}), ctx, new Set(['exec_command']))).output).toBe('ran');
  });

  it('in a turn, an offered tool nobody runs and an unheard-of name both answer unsupported', async () => {
    const offered = new Set(['request_user_input']);
    expect(await registry.dispatch(toolCall('request_user_input', {}), ctx, offered)).toEqual({ output: weftToolTexts.unsupportedCall('request_user_input'), success: false });
    expect(await registry.dispatch(toolCall('mcp__echo__echo', {}), ctx, offered)).toEqual({ output: weftToolTexts.unsupportedCall('mcp__echo__echo'), success: false });
    // Outside a turn there is no offered set: an unknown tool.
    expect(await registry.dispatch(toolCall('no_such', {}), ctx)).toEqual({ output: weftToolTexts.unknownTool('no_such'), success: false });
  });

  it("uses Codex 0.169's own words under its pack", async () => {
    const texts = toolTextsFrom(await loadPack0169(), await loadPack(WEFT_PACK_DIR, codex098PackLayout));
    const result = await registry.dispatch(toolCall('update_plan', { plan: [] }), { ...ctx, texts }, new Set(['exec_command']));
    expect(result.output).toBe('unsupported call: update_plan');
  });
});
