import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLIENT_NAME, materializeScenario, RECORDED_REPO_PATH_LENGTH, workspacePrefix } from '../../conformance/materialize.js';
import { conformanceRoot, listScenarios, type LoadedScenario } from '../../conformance/scenario.js';

const MOCK_URL = 'http://127.0.0.1:1/v1';

function scenario(profile: string, name: string): LoadedScenario {
  const found = listScenarios(join(conformanceRoot(), profile)).find((s) => s.scenario.name === name);
  if (!found) throw new Error(`scenario ${profile}/${name} not found under ${conformanceRoot()}`);
  return found;
}

describe.skipIf(!existsSync(conformanceRoot()))('materialize', () => {
  test('basic: files, git HEAD = recorded head_commit, config with the mock url, env', async () => {
    const { scenario: s } = scenario('codex-0.98', 'basic');
    const ws = await materializeScenario(s, { mockUrl: MOCK_URL });
    try {
      const repo = ws.paths['{{REPO}}'] ?? '';
      const codexHome = ws.paths['{{CODEX_HOME}}'] ?? '';
      expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('# demo repo\n');
      expect(existsSync(join(codexHome, 'skills/.system/skill-creator/SKILL.md'))).toBe(true);
      for (const d of ['{{HOME}}', '{{EXTRA}}']) expect(existsSync(ws.paths[d] ?? '')).toBe(true);
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
      expect(head).toBe(s.git?.head_commit);
      expect(head).toBe('74bc441018fb3b23374c532115be08c81a72cd3e');
      const config = readFileSync(join(codexHome, 'config.toml'), 'utf8');
      expect(config).toContain(`base_url = "${MOCK_URL}"`);
      expect(ws.env).toMatchObject({ HOME: ws.paths['{{HOME}}'], CODEX_HOME: codexHome, MOCK_API_KEY: 'dummy' });
      expect(ws.env.PATH?.split(':')).toContain('/usr/bin');
      expect(ws.substitute({ cwd: '{{REPO}}', c: '{{CLIENT_NAME}}', t: '{{THREAD_ID}}' }, { '{{THREAD_ID}}': 'abc' })).toEqual({ cwd: repo, c: CLIENT_NAME, t: 'abc' });
    } finally {
      ws.cleanup();
    }
    expect(existsSync(ws.root)).toBe(false);
  });

  test('every scenario of every profile reproduces its head_commit', async () => {
    for (const profile of ['codex-0.98', 'codex-0.169']) {
      for (const { scenario: s } of listScenarios(join(conformanceRoot(), profile))) {
        const ws = await materializeScenario(s, { mockUrl: MOCK_URL });
        ws.cleanup();
      }
    }
  });

  test('every workspace repo path is as long as the recording machine\'s, whatever the scenario name', async () => {
    for (const name of ['basic', 'tool_sandbox_denied', 'a_scenario_name_far_longer_than_any_workspace_path_allows']) {
      const ws = await materializeScenario({ ...scenario('codex-0.98', 'basic').scenario, name }, { mockUrl: MOCK_URL });
      try {
        expect([name, ws.paths['{{REPO}}']?.length]).toEqual([name, RECORDED_REPO_PATH_LENGTH]);
        expect(ws.root).toContain('weft-conf-');
      } finally {
        ws.cleanup();
      }
    }
  });

  test('a temp root too long for the recorded length keeps the whole scenario name', () => {
    expect(workspacePrefix(`/${'t'.repeat(40)}`, 'basic')).toBe('weft-conf-basic-');
    expect(workspacePrefix('/tmp', 'basic')).toBe('weft-conf-basic____________-');
  });

  test('a different tree is a clear error, and nothing is left behind', async () => {
    const { scenario: s } = scenario('codex-0.98', 'basic');
    const changed = { ...s, files: { ...s.files, '{{REPO}}/README.md': '# changed\n' } };
    const tmpRoot = mkdtempSync(join(tmpdir(), 'weft-mat-test-'));
    try {
      await expect(materializeScenario(changed, { mockUrl: MOCK_URL, tmpRoot })).rejects.toThrow(
        /materialized HEAD [0-9a-f]{40} != recorded head_commit 74bc4410/,
      );
      expect(readdirSync(tmpRoot)).toEqual([]);
    } finally {
      rmSync(tmpRoot, { recursive: true, force: true });
    }
  });

  test('files outside the workspace are refused', async () => {
    const { scenario: s } = scenario('codex-0.98', 'basic');
    const bad = { ...s, files: { '/etc/evil': 'x' } };
    await expect(materializeScenario(bad, { mockUrl: MOCK_URL })).rejects.toThrow(/outside the workspace/);
  });
});
