// A fresh install (no `compat`, no pack) speaks today's Codex with weft's own pack: the request, the
// rollout and `weft prompt` are those of the default profile (a generation in 0.169's layout), every
// text from its folders under templates/ (templates/codex-0.171/ over templates/codex-0.169/) over
// templates/. `compat = "codex-0.98"` brings back the seed generation, with weft's 0.98 texts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import type { ModelCatalog } from '../../../protocol/model-catalog.js';
import type { ToolSpec } from '../../../protocol/responses-request.js';
import { main } from '../../../src/cli/main.js';
import { loadCodex0169Pack } from '../../../src/profile/codex-0.169/pack.js';
import { getProfile } from '../../../src/profile/profiles.js';
import { DEFAULT_COMPAT, PROFILE_FACTS } from '../../../src/profile/profile-facts.js';
import { WEFT_PACK_DIR } from '../../support/packs.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';
import { itemText, threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

type Item = Record<string, unknown> & { content?: Array<{ type: string; text: string }> };
type Body = Record<string, unknown> & { input: Item[]; tools?: ToolSpec[] };

const weft0169 = await loadCodex0169Pack(getProfile(DEFAULT_COMPAT).weftPack);
const catalog0169 = weft0169.json<ModelCatalog>('models.json').models;
const catalog098 = (JSON.parse(await readFile(path.join(WEFT_PACK_DIR, 'models.json'), 'utf8')) as ModelCatalog).models;
const toolNames = (tools: readonly ToolSpec[] | undefined): string[] => (tools ?? []).map((t) => (t as { name?: string; type: string }).name ?? t.type);

async function firstTurn(config: string): Promise<{ body: Body; rollout: Array<Record<string, unknown>>; cwd: string }> {
  h = await threadHarness(() => textReply('hello back'), config);
  await writeTree(h.cwd, { 'AGENTS.md': 'Project rules.' });
  const weft = await h.open();
  const thread = await weft.startThread();
  await thread.run('hi');
  await thread.close();
  const rollout = (await readFile(thread.rolloutPath, 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { body: h.mock.requests[0]?.body as Body, rollout, cwd: h.cwd };
}

describe('a fresh install, no compat and no pack', () => {
  it('sends a complete codex-0.169 request built from weft’s own pack (default model: the catalog’s first)', async () => {
    const { body, rollout, cwd } = await firstTurn('');
    const model = [...catalog0169].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))[0];
    expect(body.model).toBe(model?.slug);
    // 0.169 body: no instructions field, verbosity and client metadata, ids on every message.
    expect(body).not.toHaveProperty('instructions');
    expect(body.text).toEqual({ verbosity: 'low' });
    expect(body.client_metadata).toMatchObject({ session_id: body.prompt_cache_key, thread_id: body.prompt_cache_key });
    // The default model runs in code mode: its tools come first, in an additional_tools item.
    expect(body).not.toHaveProperty('tools');
    const [tools, base, bundle, ...rest] = body.input;
    expect(tools).toMatchObject({ type: 'additional_tools', role: 'developer' });
    expect((tools as { tools: ToolSpec[] }).tools).toEqual([
      weft0169.json('tools/code_mode/functions.json'),
      weft0169.json('tools/code_mode/collaboration.json'),
    ]);
    // Base instructions: weft's catalog text, cut where it concerns update_plan (not offered).
    expect(base).toMatchObject({ type: 'message', role: 'developer', id: expect.stringMatching(/^msg_/) });
    expect(itemText(base)).toMatch(/^You are a coding agent running in weft/);
    expect(itemText(base)).not.toContain('update_plan');
    expect(model?.base_instructions).toContain('update_plan');
    // The developer bundle: permissions in weft's 0.169 words (no approved-prefixes line).
    expect(bundle?.role).toBe('developer');
    const permissions = itemText(bundle);
    expect(permissions).toContain('<permissions instructions>');
    expect(permissions).toContain(weft0169.text('permissions/approval_policy/on_request.md'));
    // Multi-agent v2 messages, then one user message with AGENTS.md and the environment.
    expect(rest.slice(0, 2).map(itemText)).toEqual([weft0169.text('multi_agent/v2_root.md'), weft0169.text('multi_agent/v2_mode_explicit_request_only.md')]);
    const context = rest[2];
    expect(context?.role).toBe('user');
    expect(context?.content?.map((c) => c.text)).toEqual([
      weft0169.render('user_instructions/wrapper.md', { cwd, text: 'Project rules.' }),
      expect.stringMatching(/^<environment_context>\n {2}<cwd>.*<\/cwd>\n {2}<shell>bash<\/shell>\n {2}<current_date>.*<filesystem>/s),
    ]);
    expect(itemText(body.input.at(-1))).toBe('hi');
    // The rollout is a 0.169 rollout: ordinals on every line, 0.169.0 in session_meta.
    expect(rollout.every((l) => typeof l.ordinal === 'number')).toBe(true);
    expect(rollout[0]).toMatchObject({ type: 'session_meta', payload: { cli_version: PROFILE_FACTS[DEFAULT_COMPAT].cliVersion } });
  });

  it('sends the tools of weft’s pack for a model that is not in code mode', async () => {
    const { body } = await firstTurn('model = "gpt-5.5"');
    expect(body.model).toBe('gpt-5.5');
    expect(toolNames(body.tools)).toEqual(toolNames(weft0169.json<ToolSpec[]>('tools/gpt-5.5.json')));
    expect(body.input[0]).toMatchObject({ type: 'message', role: 'developer' });
    expect(body.input.some((i) => i.type === 'additional_tools')).toBe(false);
  });

  it('sends ordinary tools, not code mode, for a model the catalog does not know', async () => {
    // Codex 0.169 answers an unknown slug (a provider's own model) with function tools in `tools`.
    const { body } = await firstTurn('model = "provider-own-model"');
    expect(body.model).toBe('provider-own-model');
    expect(body.input.some((i) => i.type === 'additional_tools')).toBe(false);
    expect(toolNames(body.tools)).toContain('exec_command');
    expect(body.parallel_tool_calls).toBe(true);
  });

  it('prints a codex-0.169 body from `weft prompt` with weft’s own texts', async () => {
    const base = await tempDir();
    await writeTree(base, { 'repo/.git': null, home: null });
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io = { env: { WEFT_HOME: path.join(base, 'home'), HOME: base, SHELL: '/bin/zsh' }, cwd: path.join(base, 'repo'), stdout: (l: string) => void stdout.push(l), stderr: (l: string) => void stderr.push(l), isTty: false };
    expect(await main(['prompt', '--json', '-m', 'gpt-5.5', 'hi'], io)).toBe(0);
    expect(stderr).toEqual([]);
    const body = JSON.parse(stdout[0] as string) as Body;
    expect(body).not.toHaveProperty('instructions');
    expect(itemText(body.input[0])).toMatch(/^You are a coding agent running in weft/);
    expect(toolNames(body.tools)).toEqual(toolNames(weft0169.json<ToolSpec[]>('tools/gpt-5.5.json')));
  });
});

describe('compat = "codex-0.98" with no pack', () => {
  it('sends the seed generation’s request, with weft’s 0.98 texts', async () => {
    const { body, rollout } = await firstTurn('compat = "codex-0.98"');
    const model = [...catalog098].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))[0];
    expect(body.model).toBe(model?.slug);
    expect(body.instructions).toBe(model?.base_instructions);
    expect(body).not.toHaveProperty('client_metadata');
    const weftTools = JSON.parse(await readFile(path.join(WEFT_PACK_DIR, 'tools.json'), 'utf8')) as ToolSpec[];
    expect(toolNames(body.tools)).toEqual(toolNames(weftTools));
    // One message per context item, no ids; the environment context has no filesystem profile.
    expect(body.input.every((i) => !('id' in i))).toBe(true);
    const texts = body.input.map(itemText);
    expect(texts.some((t) => t.startsWith('<permissions instructions>'))).toBe(true);
    expect(texts.find((t) => t.startsWith('<environment_context>'))).not.toContain('<filesystem>');
    expect(texts.at(-1)).toBe('hi');
    expect(rollout[0]).toMatchObject({ type: 'session_meta', payload: { cli_version: '0.98.0' } });
    expect(rollout.some((l) => 'ordinal' in l)).toBe(false);
  });
});
