import { beforeAll, describe, expect, it } from 'vitest';
import type { CollaborationMode } from '../../../protocol/rollout.js';
import { modelInstructions } from '../../../src/context/base-instructions.js';
import { permissionsText } from '../../../src/context/permissions.js';
import { previousTurnOf } from '../../../src/context/previous-turn.js';
import { settingsUpdateItems } from '../../../src/profile/codex-0.98/settings-update.js';
import type { TurnSettings } from '../../../src/context/turn-settings.js';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { catalogModel, loadCodexPack, packWith, turnSettings } from '../../support/packs.js';

let pack: Pack;
/** spec_initial and spec_update have the same Codex text; mark them apart. */
let marked: Pack;
beforeAll(async () => {
  pack = await loadCodexPack();
  marked = packWith(pack, {
    'personality/spec_initial.md': 'INITIAL<{{ personality }}>',
    'personality/spec_update.md': 'UPDATE<{{ personality }}>',
  });
});

function texts(items: ResponseItem[]): Array<[string, string]> {
  return items.map((item) => {
    if (item.type !== 'message' || item.content[0]?.type !== 'input_text') throw new Error('expected a text message');
    return [item.role, item.content[0].text];
  });
}

function plan(model: string): CollaborationMode {
  return { mode: 'plan', settings: { model, reasoning_effort: 'medium', developer_instructions: 'PLAN INSTRUCTIONS' } };
}

function baseline(): TurnSettings {
  return turnSettings(catalogModel(pack, 'exp-codex-personality'));
}

describe('settingsUpdateItems', () => {
  it('emits nothing when nothing changed', () => {
    const s = baseline();
    expect(settingsUpdateItems(pack, previousTurnOf(s), s, 'custom')).toEqual([]);
  });

  it('emits a new environment_context when the cwd changed', () => {
    const s = baseline();
    const items = settingsUpdateItems(pack, previousTurnOf(s), { ...s, cwd: '/elsewhere', shell: 'fish' }, 'custom');
    expect(texts(items)).toEqual([['user', '<environment_context>\n  <cwd>/elsewhere</cwd>\n  <shell>fish</shell>\n</environment_context>']]);
  });

  it('emits the permissions message when the sandbox or the approval policy changed', () => {
    const s = baseline();
    const sandbox = { ...s, sandbox: { type: 'danger-full-access' as const } };
    expect(texts(settingsUpdateItems(pack, previousTurnOf(s), sandbox, 'custom'))).toEqual([
      ['developer', permissionsText(pack, { sandbox: sandbox.sandbox, approvalPolicy: 'on-request', cwd: '/repo' })],
    ]);
    const approval = { ...s, approvalPolicy: 'never' as const };
    const [item] = texts(settingsUpdateItems(pack, previousTurnOf(s), approval, 'custom'));
    expect(item?.[0]).toBe('developer');
    expect(item?.[1]).toContain('`approval_policy` is `never`');
    expect(item?.[1]).toContain('Network access is restricted.');
  });

  it('emits the collaboration mode when it changed and has instructions', () => {
    const s = baseline();
    const next = { ...s, collaborationMode: plan(s.model.slug) };
    expect(texts(settingsUpdateItems(pack, previousTurnOf(s), next, 'custom'))).toEqual([
      ['developer', '<collaboration_mode>PLAN INSTRUCTIONS</collaboration_mode>'],
    ]);
  });

  it('emits no collaboration mode when it is unchanged or has no instructions', () => {
    const s = { ...baseline(), collaborationMode: plan('exp-codex-personality') };
    expect(settingsUpdateItems(pack, previousTurnOf(s), s, 'custom')).toEqual([]);
    const silent: CollaborationMode = { mode: 'plan', settings: { model: s.model.slug, reasoning_effort: null, developer_instructions: null } };
    expect(settingsUpdateItems(pack, previousTurnOf(baseline()), { ...baseline(), collaborationMode: silent }, 'custom')).toEqual([]);
  });

  it('emits a personality update with spec_update when the personality changed', () => {
    const s = baseline();
    const friendly = s.model.model_messages?.instructions_variables?.personality_friendly as string;
    const items = settingsUpdateItems(marked, previousTurnOf(s), { ...s, personality: 'friendly' }, 'custom');
    expect(texts(items)).toEqual([['developer', `UPDATE<${friendly}>`]]);
  });

  it('emits no personality update when the new personality is baked into the instructions', () => {
    const s = baseline();
    const baked = modelInstructions(s.model, 'friendly');
    expect(settingsUpdateItems(marked, previousTurnOf(s), { ...s, personality: 'friendly' }, baked)).toEqual([]);
  });

  it("carries the new model's instructions on a model switch", () => {
    const s = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const max = catalogModel(pack, 'gpt-5.1-codex-max');
    const items = settingsUpdateItems(pack, previousTurnOf(s), { ...s, model: max }, 'custom');
    expect(texts(items)).toEqual([
      [
        'developer',
        `<model_switch>\nThe user was previously using a different model. Please continue the conversation according to the following instructions:\n\n${max.base_instructions}\n</model_switch>`,
      ],
    ]);
  });

  it('renders the new model template with the turn personality on a model switch', () => {
    const s = turnSettings(catalogModel(pack, 'gpt-5.2-codex'), { personality: 'pragmatic' });
    const exp = catalogModel(pack, 'exp-codex-personality');
    const [item] = texts(settingsUpdateItems(pack, previousTurnOf(s), { ...s, model: exp }, 'custom'));
    expect(item?.[1]).toContain(exp.model_messages?.instructions_variables?.personality_pragmatic as string);
    expect(item?.[1]).toBe(pack.render('model_switch.md', { instructions: modelInstructions(exp, 'pragmatic') }));
  });

  it('orders cwd, permissions, collaboration mode, personality, model switch', () => {
    const s = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const exp = catalogModel(pack, 'exp-codex-personality');
    const next: TurnSettings = {
      ...s,
      cwd: '/other',
      approvalPolicy: 'never',
      model: exp,
      personality: 'friendly',
      collaborationMode: plan(exp.slug),
    };
    const items = texts(settingsUpdateItems(marked, previousTurnOf(s), next, 'custom'));
    expect(items.map(([role, text]) => [role, text.slice(0, 20)])).toEqual([
      ['user', '<environment_context'],
      ['developer', '<permissions instruc'],
      ['developer', '<collaboration_mode>'],
      ['developer', 'UPDATE<# Personality'],
      ['developer', '<model_switch>\nThe u'],
    ]);
  });

  it('after a fresh initial context emits only the collaboration mode and the model switch', () => {
    const s = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const exp = catalogModel(pack, 'exp-codex-personality');
    const next: TurnSettings = {
      ...s,
      cwd: '/other',
      sandbox: { type: 'danger-full-access' },
      model: exp,
      personality: 'friendly',
      collaborationMode: plan(exp.slug),
    };
    const items = texts(settingsUpdateItems(marked, previousTurnOf(s), next, 'custom', { afterFreshContext: true }));
    expect(items.map(([, text]) => text.slice(0, 20))).toEqual(['<collaboration_mode>', '<model_switch>\nThe u']);
  });
});

describe('previousTurnOf', () => {
  it('records the fields updates compare', () => {
    const s = turnSettings(catalogModel(pack, 'gpt-5.2-codex'), { personality: 'none', approvalPolicy: 'never' });
    expect(previousTurnOf(s)).toEqual({
      cwd: '/repo',
      model: 'gpt-5.2-codex',
      approvalPolicy: 'never',
      sandboxJson: '{"type":"read-only"}',
      personality: 'none',
      collaborationModeJson: '{"mode":"default","settings":{"model":"gpt-5.2-codex","reasoning_effort":null,"developer_instructions":null}}',
    });
  });
});
