import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { TurnSettings } from '../../../src/context/turn-settings.js';
import { contextMessage } from '../../../src/profile/codex-0.169/items.js';
import { renderBody0169 } from '../../../src/profile/codex-0.169/render-body.js';
import type { RequestContext } from '../../../src/profile/codex-0.169/turn-metadata.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { turnSettings } from '../../support/packs.js';
import { loadPack0169, model0169, recordedBody } from '../../support/codex-0169.js';

function settings(pack: Pack, slug: string): TurnSettings {
  return turnSettings(model0169(pack, slug), { approvalPolicy: 'never', shell: 'bash', reasoningSummary: 'none' });
}

const ctx: RequestContext = {
  threadId: '11111111-1111-7111-8111-111111111111',
  turnId: '22222222-2222-7222-8222-222222222222',
  installationId: '33333333-3333-4333-8333-333333333333',
  windowNumber: 0,
  contextWindowId: '44444444-4444-7444-8444-444444444444',
  historyInitialization: 'new',
  exec: true,
  builtinProvider: false,
  turnStartedAtMs: 1767323045123,
  workspaces: { '/repo': { latest_git_commit_hash: 'abc', has_changes: false } },
};

const prompt = (input: ResponseItem[]) => ({ instructions: 'BASE', input, tools: [{ type: 'function', name: 'exec_command' }], parallelToolCalls: true });
const user = contextMessage('user', [{ text: 'hi', kind: 'user.text', provenance: { type: 'user' } }], { turnId: 't', createTime: 5 });

describe('the codex-0.169 request body', () => {
  it('has the recorded key set: no instructions, text.verbosity, client_metadata', async () => {
    const pack = await loadPack0169();
    const body = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), ctx);
    expect(Object.keys(body).sort()).toEqual(Object.keys(recordedBody('basic')).sort());
    expect(body).not.toHaveProperty('instructions');
    expect(body.text).toEqual({ verbosity: 'low' });
    expect(body.reasoning).toEqual({ effort: 'medium' });
  });

  it('sends the base instructions as the first developer message, with a stable id', async () => {
    const pack = await loadPack0169();
    const a = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), ctx);
    const b = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), { ...ctx, turnId: 'other' });
    expect(a.input[0]).toMatchObject({ type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'BASE' }] });
    expect(a.input[0]).toEqual(b.input[0]);
    const forked = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), { ...ctx, threadId: '55555555-5555-7555-8555-555555555555' });
    expect((forked.input[0] as { id?: string }).id).not.toBe((a.input[0] as { id?: string }).id);
  });

  it('strips item metadata for a custom provider and keeps it without provenance for the built-in one', async () => {
    const pack = await loadPack0169();
    const custom = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), ctx);
    expect(custom.input[1]).not.toHaveProperty('internal_chat_message_metadata_passthrough');
    const builtin = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), { ...ctx, builtinProvider: true });
    expect(builtin.input[1]).toMatchObject({ internal_chat_message_metadata_passthrough: { turn_id: 't', create_time: 5, content_item_kinds: ['user.text'] } });
    expect(JSON.stringify(builtin.input[1])).not.toContain('content_item_metadata');
    expect(builtin.client_metadata?.mcp_attribution).toBe('{"status":"none"}');
  });

  it('code-mode models: no tools field, no parallel calls, reasoning context, instructions after additional_tools', async () => {
    const pack = await loadPack0169();
    const tools: ResponseItem = { type: 'additional_tools', id: 'at_x', role: 'developer', tools: [{ type: 'namespace' }] };
    const body = renderBody0169(prompt([tools, user]), settings(pack, 'gpt-5.6-sol'), ctx);
    const recorded = recordedBody('model_switch', 3);
    expect(Object.keys(body).sort()).toEqual(Object.keys(recorded).sort());
    expect(body.parallel_tool_calls).toBe(false);
    expect(body.reasoning).toEqual(recorded.reasoning);
    expect(body.input.map((i) => i.type)).toEqual(['additional_tools', 'message', 'message']);
  });

  it('client_metadata: keys, window, and a turn metadata string naming the request', async () => {
    const pack = await loadPack0169();
    const body = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), ctx);
    const meta = body.client_metadata as Record<string, string>;
    expect(Object.keys(meta).sort()).toEqual(Object.keys(recordedBody('basic').client_metadata as object).sort());
    expect(meta['x-codex-window-id']).toBe(`${ctx.threadId}:0`);
    const turn = JSON.parse(meta['x-codex-turn-metadata'] as string) as Record<string, unknown>;
    const recordedTurn = JSON.parse((recordedBody('basic').client_metadata as Record<string, string>)['x-codex-turn-metadata'] as string) as object;
    expect(Object.keys(turn)).toEqual(Object.keys(recordedTurn));
    expect(turn).toMatchObject({ request_kind: 'turn', history_initialization: 'new', model: 'gpt-5.5', reasoning_effort: 'medium', sandbox_mode: 'read-only' });
    const compaction = renderBody0169(prompt([user]), settings(pack, 'gpt-5.5'), {
      ...ctx,
      compaction: { trigger: 'auto', reason: 'context_limit', implementation: 'responses', phase: 'pre_turn' },
    });
    const cturn = JSON.parse((compaction.client_metadata as Record<string, string>)['x-codex-turn-metadata'] as string) as Record<string, unknown>;
    expect(cturn).toMatchObject({ request_kind: 'compaction', compaction: { strategy: 'memento', phase: 'pre_turn' } });
    expect(cturn).not.toHaveProperty('model');
  });
});
