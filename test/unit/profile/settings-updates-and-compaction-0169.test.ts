import { describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { previousTurnOf } from '../../../src/context/previous-turn.js';
import type { TurnSettings } from '../../../src/context/turn-settings.js';
import { contextPrefixes, isRealUserMessage } from '../../../src/history/context-messages.js';
import { collaborationPreset0169 } from '../../../src/profile/codex-0.169/collaboration-preset.js';
import { retainedPrompts } from '../../../src/profile/codex-0.169/compaction.js';
import { contentKinds } from '../../../src/profile/codex-0.169/items.js';
import { settingsUpdates0169 } from '../../../src/profile/codex-0.169/settings-update.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { turnSettings } from '../../support/packs.js';
import { loadPack0169, model0169, recordedBody, recordedPart } from '../../support/codex-0169.js';

function settings(pack: Pack, over: Partial<TurnSettings> = {}): TurnSettings {
  return turnSettings(model0169(pack, 'gpt-5.5'), { cwd: '{{REPO}}', shell: 'bash', reasoningSummary: 'none', ...over });
}

describe('collaboration presets under codex-0.169', () => {
  it('a requested mode without instructions gets its preset text; one with instructions keeps them', async () => {
    const pack = await loadPack0169();
    const asked = { mode: 'plan', settings: { model: 'gpt-5.5', reasoning_effort: null, developer_instructions: null } };
    expect(collaborationPreset0169(pack, asked).settings.developer_instructions).toBe(pack.text('collaboration_mode/plan.md'));
    const own = { ...asked, settings: { ...asked.settings, developer_instructions: 'mine' } };
    expect(collaborationPreset0169(pack, own)).toBe(own);
  });
});

describe('settings updates under codex-0.169', () => {
  it('a new collaboration mode is its own developer message, as recorded', async () => {
    const pack = await loadPack0169();
    const plan = settings(pack, { collaborationMode: collaborationPreset0169(pack, { mode: 'plan', settings: { model: 'gpt-5.5', reasoning_effort: null, developer_instructions: null } }) });
    const next = settings(pack, { collaborationMode: collaborationPreset0169(pack, { mode: 'default', settings: { model: 'gpt-5.5', reasoning_effort: null, developer_instructions: null } }) });
    const items = settingsUpdates0169(pack, previousTurnOf(plan), next, { afterFreshContext: false, toolNames: new Set(), meta: { turnId: 't' } });
    expect(items).toHaveLength(1);
    expect(contentKinds(items[0] as ResponseItem)).toEqual(['collaboration_mode.instructions']);
    expect(items[0]?.type === 'message' ? items[0].content[0] : undefined).toEqual({ type: 'input_text', text: recordedPart('app_plan_mode', 5, 0, 2) });
  });

  it('a new model or personality says nothing; a fresh window says nothing either', async () => {
    const pack = await loadPack0169();
    const before = settings(pack);
    const after = settings(pack, { model: model0169(pack, 'gpt-5.6-sol'), personality: 'friendly' });
    expect(settingsUpdates0169(pack, previousTurnOf(before), after, { afterFreshContext: false, toolNames: new Set(), meta: {} })).toEqual([]);
    const moved = settings(pack, { cwd: '/elsewhere', sandbox: { type: 'danger-full-access' } });
    expect(settingsUpdates0169(pack, previousTurnOf(before), moved, { afterFreshContext: true, toolNames: new Set(), meta: {} })).toEqual([]);
    const told = settingsUpdates0169(pack, previousTurnOf(before), moved, { afterFreshContext: false, toolNames: new Set(), meta: {} });
    expect(told.map((i) => contentKinds(i))).toEqual([['permissions.instructions'], ['environments.environment_context']]);
  });
});

describe('what a codex-0.169 compaction keeps', () => {
  it("the user's own prompts, ids and all, not the context, summaries or answers", async () => {
    const pack = await loadPack0169();
    const input = recordedBody('compaction_preturn', 3).input as unknown as ResponseItem[];
    const kept = retainedPrompts(input, (item) => isRealUserMessage(item, contextPrefixes(pack)));
    expect(kept.map((i) => (i.type === 'message' ? i.id : i.type))).toEqual(['msg_{{ID4}}', 'msg_{{ID12}}']);
  });
});
