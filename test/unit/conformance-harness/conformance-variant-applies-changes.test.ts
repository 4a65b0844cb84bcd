// The differential runner's variants: a recorded scenario with config keys laid on (null removes),
// files written or removed, environment changed, flags put after `exec`, another cwd, no repository;
// and two captures compared request by request, so a difference is reported, not hidden.
import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import type { Capture } from '../../conformance/capture.js';
import { compareCaptures } from '../../conformance/differential.js';
import { applyVariant, changesRepository, loadBase, patchConfigToml, type Variant } from '../../conformance/variant.js';

const base = (): Variant => ({ name: 'v', base: 'codex-0.98/basic' });

describe('applyVariant', () => {
  it('lays config keys on the recorded config.toml, tables merged, null removing', () => {
    const text = 'model = "a"\nmodel_provider = "mock"\n\n[model_providers.mock]\nname = "Mock"\n';
    const out = parse(patchConfigToml(text, { model: 'b', web_search: 'live', features: { x: true }, model_provider: null, model_providers: { mock: { wire_api: 'responses' } } }));
    expect(out).toEqual({ model: 'b', web_search: 'live', features: { x: true }, model_providers: { mock: { name: 'Mock', wire_api: 'responses' } } });
  });

  it('changes files, env, flags, cwd and the repository', () => {
    const v: Variant = { ...base(), files: { '{{REPO}}/AGENTS.md': 'rules\n', '{{REPO}}/README.md': null }, env: { SHELL: '/bin/sh', TERM: null }, args: ['-c', 'x=1'], cwd: '{{REPO}}/sub', git: false };
    const { scenario } = applyVariant(v, loadBase(v));
    expect(scenario.name).toBe('v');
    expect(scenario.files['{{REPO}}/AGENTS.md']).toBe('rules\n');
    expect(scenario.files['{{REPO}}/README.md']).toBeUndefined();
    expect(scenario.env.SHELL).toBe('/bin/sh');
    expect('TERM' in scenario.env).toBe(false);
    expect(scenario.steps[0]?.argv.slice(0, 4)).toEqual(['codex', 'exec', '-c', 'x=1']);
    expect(scenario.steps[0]?.cwd).toBe('{{REPO}}/sub');
    expect(scenario.git).toBeNull();
    expect(changesRepository(v)).toBe(true);
    expect(changesRepository(base())).toBe(false);
  });
});

describe('compareCaptures', () => {
  const capture = (effort: string): Capture => ({
    requests: [{ method: 'POST', path: '/v1/responses', body: { model: 'm', reasoning: { effort } } }],
    rollouts: [],
    execStreams: new Map(),
    appServerTranscripts: new Map(),
    threadCount: 1,
  });

  it('is equal for the same requests and names the field that differs otherwise', () => {
    expect(compareCaptures(capture('low'), capture('low'), 'codex-0.98').status).toBe('equal');
    const r = compareCaptures(capture('low'), capture('high'), 'codex-0.98');
    expect(r.status).toBe('differs');
    expect(r.requestDiffs.join('\n')).toContain('body.reasoning.effort');
  });
});
