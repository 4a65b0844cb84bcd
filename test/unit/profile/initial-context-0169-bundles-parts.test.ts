import { describe, expect, it } from 'vitest';
import type { MessageItem, ResponseItem } from '../../../protocol/responses-items.js';
import type { TurnSettings } from '../../../src/context/turn-settings.js';
import { windowContext } from '../../../src/profile/codex-0.169/initial-context.js';
import { contentKinds } from '../../../src/profile/codex-0.169/items.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { turnSettings } from '../../support/packs.js';
import { loadPack0169, model0169, recordedBody, recordedPart, recordedRollout } from '../../support/codex-0169.js';

function settings(pack: Pack, slug: string, over: Partial<TurnSettings> = {}): TurnSettings {
  return turnSettings(model0169(pack, slug), { cwd: '{{REPO}}', approvalPolicy: 'never', skills: [], shell: 'bash', reasoningSummary: 'none', ...over });
}

const texts = (item: ResponseItem | undefined): string[] =>
  item?.type === 'message' ? item.content.map((p) => (p.type === 'input_text' ? p.text : '')) : [];

describe('initial context of a codex-0.169 window', () => {
  it('one developer bundle (instructions, permissions, deferred tools) and one user message (AGENTS.md, environment)', async () => {
    const pack = await loadPack0169();
    const agents = (recordedRollout('agents_md').find((l) => l.type === 'world_state')?.payload as { state: { agents_md: { text: string } } }).state.agents_md.text;
    const items = windowContext(
      pack,
      settings(pack, 'gpt-5.5', { cwd: '{{REPO}}/sub/dir', developerInstructions: 'DEV-INSTR: Always answer in English.', userInstructions: agents }),
      { multiAgentVersion: 'v1', toolNames: new Set(), turnId: 't1', createTime: 1 },
    );
    expect(items.map((i) => (i.type === 'message' ? i.role : i.type))).toEqual(['developer', 'user']);
    const [bundle, user] = items;
    expect(contentKinds(bundle as ResponseItem)).toEqual(['generic.developer_instructions', 'permissions.instructions', 'tools.deferred_namespaces']);
    expect(texts(bundle)).toEqual([recordedPart('agents_md', 1, 0), recordedPart('agents_md', 1, 2), recordedPart('agents_md', 1, 3)]);
    expect(contentKinds(user as ResponseItem)).toEqual(['agents_md.instructions', 'environments.environment_context']);
    expect(texts(user)[0]).toBe(recordedPart('agents_md', 2, 0));
    expect((bundle as MessageItem).id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect((bundle as MessageItem).internal_chat_message_metadata_passthrough).toMatchObject({ turn_id: 't1', create_time: 1 });
  });

  it('no AGENTS.md part when there are no docs; the environment alone', async () => {
    const pack = await loadPack0169();
    const items = windowContext(pack, settings(pack, 'gpt-5.5'), { multiAgentVersion: 'v1', toolNames: new Set() });
    expect(contentKinds(items[1] as ResponseItem)).toEqual(['environments.environment_context']);
  });

  it('a collaboration mode with instructions is part 4, filtered for absent tools', async () => {
    const pack = await loadPack0169();
    const plan = pack.text('collaboration_mode/plan.md');
    const s = settings(pack, 'gpt-5.5', { collaborationMode: { mode: 'plan', settings: { model: 'gpt-5.5', reasoning_effort: null, developer_instructions: plan } } });
    const items = windowContext(pack, s, { multiAgentVersion: 'v1', toolNames: new Set() });
    expect(contentKinds(items[0] as ResponseItem)).toEqual(['permissions.instructions', 'collaboration_mode.instructions', 'tools.deferred_namespaces']);
    expect(texts(items[0])[1]).toBe(recordedPart('app_plan_mode', 1, 2));
  });

  it('a code-mode model opens with additional_tools; a v2 thread gets the multi-agent messages instead of <tools>', async () => {
    const pack = await loadPack0169();
    const v1 = windowContext(pack, settings(pack, 'gpt-5.6-sol'), { multiAgentVersion: 'v1', toolNames: new Set() });
    expect(v1[0]).toEqual(recordedBodyItem('model_switch', 3, 0, v1[0]));
    const v2 = windowContext(pack, settings(pack, 'gpt-5.6-sol'), { multiAgentVersion: 'v2', toolNames: new Set() });
    expect(v2.map((i) => i.type)).toEqual(['additional_tools', 'message', 'message', 'message', 'message']);
    expect(v2[0]?.type === 'additional_tools' ? v2[0].tools.map((t) => t.name) : []).toEqual(['functions', 'collaboration']);
    expect(contentKinds(v2[1] as ResponseItem)).not.toContain('tools.deferred_namespaces');
    expect(texts(v2[2])).toEqual([pack.text('multi_agent/v2_root.md')]);
    expect(texts(v2[3])).toEqual([pack.text('multi_agent/v2_mode_explicit_request_only.md')]);
    // Codex 0.169 credits them to the collaboration tools (variant 0.169-sol-basic).
    expect(contentKinds(v2[2] as ResponseItem)).toEqual(['multi_agent.usage_hint']);
    expect(contentKinds(v2[3] as ResponseItem)).toEqual(['multi_agent.mode_instructions']);
    expect((v2[2] as MessageItem).internal_chat_message_metadata_passthrough).toMatchObject({ content_item_metadata: [{ provenance: { type: 'tool', namespace: 'collaboration' } }] });
  });
});

/** The recorded additional_tools item, with the id of `actual` (ids are compared as a renaming). */
function recordedBodyItem(scenario: string, n: number, i: number, actual: ResponseItem | undefined): unknown {
  const item = recordedBody(scenario, n).input[i] as Record<string, unknown>;
  return { ...item, id: actual && 'id' in actual ? actual.id : undefined };
}
