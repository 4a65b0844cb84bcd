import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { modelInstructions } from '../../../src/context/base-instructions.js';
import { buildInitialContext } from '../../../src/profile/codex-0.98/initial-context.js';
import type { TurnSettings } from '../../../src/context/turn-settings.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { catalogModel, loadCodexPack, turnSettings } from '../../support/packs.js';

let pack: Pack;
beforeAll(async () => {
  pack = await loadCodexPack();
});

const ENV_CONTEXT = '<environment_context>\n  <cwd>/repo</cwd>\n  <shell>zsh</shell>\n</environment_context>';

function summary(items: ResponseItem[]): Array<[string, string]> {
  return items.map((item) => {
    if (item.type !== 'message') throw new Error(`unexpected ${item.type}`);
    const part = item.content[0];
    if (item.content.length !== 1 || part?.type !== 'input_text') throw new Error('expected one input_text part');
    return [item.role, part.text];
  });
}

/** Everything on: developer instructions, a personality to inject, AGENTS.md text. */
function allOn(): { settings: TurnSettings; base: string } {
  const model = catalogModel(pack, 'exp-codex-personality');
  const settings = turnSettings(model, {
    personality: 'friendly',
    developerInstructions: 'DEV INSTRUCTIONS',
    userInstructions: 'PROJECT RULES',
  });
  // An instructions override keeps the personality from being baked, so it is injected.
  return { settings, base: 'custom instructions' };
}

describe('buildInitialContext order', () => {
  it('orders permissions, developer_instructions, personality spec, AGENTS.md, environment_context', () => {
    const { settings, base } = allOn();
    const friendly = settings.model.model_messages?.instructions_variables?.personality_friendly;
    expect(friendly).toMatch(/^# Personality/);
    const items = summary(buildInitialContext(pack, settings, base));
    expect(items.map(([role]) => role)).toEqual(['developer', 'developer', 'developer', 'user', 'user']);
    expect(items[0]?.[1]).toMatch(/^<permissions instructions>\n/);
    expect(items[0]?.[1]).toMatch(/<\/permissions instructions>$/);
    expect(items[1]?.[1]).toBe('DEV INSTRUCTIONS');
    expect(items[2]?.[1]).toBe(
      `<personality_spec> The user has requested a new communication style. Future messages should adhere to the following personality: \n${friendly} </personality_spec>`,
    );
    expect(items[3]?.[1]).toBe('# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nPROJECT RULES\n</INSTRUCTIONS>');
    expect(items[4]?.[1]).toBe(ENV_CONTEXT);
  });

  it('emits context messages as one input_text part without an id', () => {
    const { settings, base } = allOn();
    const first = buildInitialContext(pack, settings, base)[0];
    expect(first).toEqual({ type: 'message', role: 'developer', content: [{ type: 'input_text', text: expect.any(String) }] });
    expect(Object.keys(first ?? {})).toEqual(['type', 'role', 'content']);
  });
});

describe('buildInitialContext gating', () => {
  it('is only permissions and environment_context when every optional item is off', () => {
    const settings = turnSettings(catalogModel(pack, 'gpt-5.2-codex'));
    const items = summary(buildInitialContext(pack, settings, settings.model.base_instructions));
    expect(items).toHaveLength(2);
    expect(items[0]?.[0]).toBe('developer');
    expect(items[0]?.[1]).toMatch(/^<permissions instructions>/);
    expect(items[1]).toEqual(['user', ENV_CONTEXT]);
  });

  it('leaves out developer_instructions when none are configured', () => {
    const { settings, base } = allOn();
    const items = summary(buildInitialContext(pack, { ...settings, developerInstructions: undefined }, base));
    expect(items.map(([, text]) => text)).not.toContain('DEV INSTRUCTIONS');
    expect(items).toHaveLength(4);
  });

  it('leaves out developer_instructions when includeDeveloperInstructions is false', () => {
    const { settings, base } = allOn();
    const items = summary(buildInitialContext(pack, settings, base, { includeDeveloperInstructions: false }));
    expect(items.map(([, text]) => text)).not.toContain('DEV INSTRUCTIONS');
    expect(items).toHaveLength(4);
    expect(items[1]?.[1]).toMatch(/^<personality_spec>/);
  });

  it('leaves out the personality spec when the personality is baked into the instructions', () => {
    const { settings } = allOn();
    const baked = modelInstructions(settings.model, 'friendly');
    const items = summary(buildInitialContext(pack, settings, baked));
    expect(items.some(([, text]) => text.startsWith('<personality_spec>'))).toBe(false);
    expect(items).toHaveLength(4);
  });

  it('leaves out the personality spec for personality none', () => {
    const { settings, base } = allOn();
    const items = summary(buildInitialContext(pack, { ...settings, personality: 'none' }, base));
    expect(items.some(([, text]) => text.startsWith('<personality_spec>'))).toBe(false);
  });

  it('leaves out the personality spec for a model without a personality template', () => {
    const { settings, base } = allOn();
    const model = catalogModel(pack, 'gpt-5.2-codex');
    const items = summary(buildInitialContext(pack, { ...settings, model }, base));
    expect(items.some(([, text]) => text.startsWith('<personality_spec>'))).toBe(false);
    expect(items).toHaveLength(4);
  });

  it('leaves out the AGENTS.md message when there are no user instructions', () => {
    const { settings, base } = allOn();
    const items = summary(buildInitialContext(pack, { ...settings, userInstructions: undefined }, base));
    expect(items.some(([, text]) => text.startsWith('# AGENTS.md instructions'))).toBe(false);
    expect(items).toHaveLength(4);
  });

  it('always ends with the environment_context of the turn cwd and shell', () => {
    const { settings, base } = allOn();
    for (const over of [{}, { userInstructions: undefined }, { developerInstructions: undefined, personality: undefined }]) {
      const items = summary(buildInitialContext(pack, { ...settings, ...over, cwd: '/w', shell: 'fish' }, base));
      expect(items.at(-1)).toEqual(['user', '<environment_context>\n  <cwd>/w</cwd>\n  <shell>fish</shell>\n</environment_context>']);
    }
  });
});
