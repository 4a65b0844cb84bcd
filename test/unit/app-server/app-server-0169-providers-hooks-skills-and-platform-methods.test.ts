// 0.169 methods read from the real configuration or the platform, answering as Codex 0.169 does on
// Linux (checked against the real binary on a mock):
// - modelProvider/list: config.toml's providers (custom gateways, key by variable name, never its
//   value), then OpenAI's entry; the default is `model_provider`;
// - hooks/list: no hooks in any cwd (weft runs none);
// - skills/extraRoots/set: the folder's skills join skills/list; `skills/changed` is sent;
// - windowsSandbox/*: not configured; a setup starts and fails at once with setupCompleted;
// - externalAgentConfig/detect and readHistories: nothing to migrate, no history.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, ok } from '../../support/appserver-0169-session.js';

const openServer = appServer0169Sessions();

const open = () => openServer();


describe('0.169 providers, hooks, skills roots and platform methods', () => {
  it('modelProvider/list names the configured providers and the default, never a key', async () => {
    const { c, url } = await open();
    expect(ok(await c.request('modelProvider/list', {}))).toEqual({
      data: [
        { id: 'mock', name: 'Mock', canEdit: true, baseUrl: url, settings: { type: 'customGateway', auth: { mode: 'environmentVariable', envKey: 'MOCK_API_KEY' } } },
        { id: 'openai', name: 'OpenAI', canEdit: false, baseUrl: null, settings: { type: 'openai' } },
      ],
      defaultProviderId: 'mock',
      canChangeDefault: true,
    });
    expect(JSON.stringify(ok(await c.request('modelProvider/list', {})))).not.toContain('dummy');
    expect(ok(await c.request('modelProvider/capabilities/read', {}))).toEqual({ imageGeneration: true, webSearch: true });
  });

  it('hooks/list, windowsSandbox/*, externalAgentConfig/* as Codex answers them on Linux', async () => {
    const { c, ws } = await open();
    expect(ok(await c.request('hooks/list', { cwds: [ws.cwd] }))).toEqual({ data: [{ cwd: ws.cwd, hooks: [], warnings: [], errors: [] }] });
    expect(ok(await c.request('windowsSandbox/readiness'))).toEqual({ status: 'notConfigured' });
    const from = c.received.length;
    expect(ok(await c.request('windowsSandbox/setupStart', { mode: 'elevated' }))).toEqual({ started: true });
    const done = await c.until((m) => m.method === 'windowsSandbox/setupCompleted', from);
    expect(done.params).toMatchObject({ mode: 'elevated', success: false });
    expect(ok(await c.request('externalAgentConfig/detect', {}))).toEqual({ items: [], connectors: [] });
    expect(ok(await c.request('externalAgentConfig/import/readHistories', {}))).toEqual({ data: [], connectors: [] });
  });

  it('skills/extraRoots/set adds a folder of skills to skills/list and says the skills changed', async () => {
    const { c, ws } = await open();
    const extra = join(ws.root, 'more-skills');
    await mkdir(join(extra, 'greeter'), { recursive: true });
    await writeFile(join(extra, 'greeter', 'SKILL.md'), '---\nname: greeter\ndescription: says hello\n---\nSay hello.\n');
    const names = async () => ok<{ data: { skills: { name: string }[] }[] }>(await c.request('skills/list', { cwds: [ws.cwd] })).data[0]!.skills.map((s) => s.name);
    expect(await names()).not.toContain('greeter');
    const from = c.received.length;
    expect(ok(await c.request('skills/extraRoots/set', { extraRoots: [extra] }))).toEqual({});
    await c.until((m) => m.method === 'skills/changed', from);
    expect(await names()).toContain('greeter');
    expect((await c.request('skills/extraRoots/set', { extraRoots: ['relative'] })).error).toBeDefined();
  });
});

describe('0.169 experimental features', () => {
  it('lists the [features] switches weft acts on, as configured, and writes a change to config.toml', async () => {
    const { c, ws } = await open();
    const list = async () => ok<{ data: { name: string; enabled: boolean; defaultEnabled: boolean; stage: string }[]; nextCursor: string | null }>(await c.request('experimentalFeature/list', {}));
    const before = await list();
    expect(before.data.map((f) => f.name)).toEqual(['personality', 'remote_compaction', 'remote_models', 'web_search_cached', 'web_search_request']);
    expect(before.data.find((f) => f.name === 'personality')).toMatchObject({ enabled: true, defaultEnabled: true, stage: 'stable' });
    expect(ok(await c.request('experimentalFeature/list', { limit: 2 }))).toMatchObject({ nextCursor: '2' });
    expect(ok(await c.request('experimentalFeature/enablement/set', { enablement: { personality: false, not_a_weft_switch: true } }))).toEqual({ enablement: { personality: false } });
    expect((await list()).data.find((f) => f.name === 'personality')!.enabled).toBe(false);
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(join(ws.codexHome, 'config.toml'), 'utf8')).toMatch(/\[features\]\s*\npersonality = false/);
  });
});
