import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../src/tools/tool-registry.js';
import { ToolRegistry } from '../../../src/tools/tool-registry.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

const ctx: ToolContext = {
  cwd: '/',
  env: {},
  approvalPolicy: 'never',
  sandboxMode: 'danger-full-access',
  sandboxPolicy: { type: 'danger-full-access' },
  sandboxMechanism: bubblewrapSandbox,
  truncationPolicy: { mode: 'tokens', limit: 10000 },
  renderExecOutput: () => '',
  texts: weftToolTexts,
};
const call = (name: string, args = '{}') => ({ name, arguments: args, callId: 'call_1', signal: new AbortController().signal });

function errorOf(json: string): string {
  try {
    JSON.parse(json);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('ToolRegistry.dispatch', () => {
  it('answers an unknown tool with readable text instead of throwing', async () => {
    const result = await new ToolRegistry().dispatch(call('no_such_tool'), ctx);
    expect(result).toEqual({ output: weftToolTexts.unknownTool('no_such_tool'), success: false });
    expect(result.output).toContain('no_such_tool');
  });

  it('takes the unknown-tool wording from the context’s texts (the pack)', async () => {
    const texts = { ...weftToolTexts, unknownTool: (name: string) => `tool ${name} is not available` };
    expect((await new ToolRegistry().dispatch(call('x'), { ...ctx, texts })).output).toBe('tool x is not available');
  });

  it('answers arguments that are not JSON without calling the handler', async () => {
    let called = false;
    const registry = new ToolRegistry().register('t', async () => {
      called = true;
      return { output: 'ran' };
    });
    const result = await registry.dispatch(call('t', '{"cmd": '), ctx);
    expect(called).toBe(false);
    expect(result.success).toBe(false);
    expect(result.output).toBe(weftToolTexts.invalidArguments('t', errorOf('{"cmd": ')));
  });

  it('turns a throwing handler into readable output', async () => {
    const registry = new ToolRegistry().register('t', async () => {
      throw new Error('disk on fire');
    });
    expect(await registry.dispatch(call('t'), ctx)).toEqual({ output: weftToolTexts.toolFailed('t', 'disk on fire'), success: false });
  });

  it('passes a handler result through', async () => {
    const registry = new ToolRegistry().register('t', async (c) => ({ output: `args ${c.arguments}`, success: true }));
    expect(await registry.dispatch(call('t', '{"a":1}'), ctx)).toEqual({ output: 'args {"a":1}', success: true });
  });
});
