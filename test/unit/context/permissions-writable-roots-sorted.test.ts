import { describe, expect, it } from 'vitest';
import { permissionsText } from '../../../src/context/permissions.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { loadPack0169, recordedPart } from '../../support/codex-0169.js';

const workspace: SandboxPolicy = {
  type: 'workspace-write',
  writable_roots: ['{{EXTRA}}'],
  network_access: false,
  exclude_tmpdir_env_var: false,
  exclude_slash_tmp: false,
};

describe('permissions under codex-0.169', () => {
  it('sorts the writable roots by path, without duplicates', async () => {
    const pack = await loadPack0169();
    const text = permissionsText(pack, { sandbox: workspace, approvalPolicy: 'never', cwd: '{{REPO}}', tmpdir: undefined, rootsOrder: 'sorted' });
    expect(text).toBe(recordedPart('sandbox_workspace_onrequest', 1, 1));
  });

  it('read-only with approval never, the new wording', async () => {
    const pack = await loadPack0169();
    const text = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'never', cwd: '{{REPO}}', rootsOrder: 'sorted' });
    expect(text).toBe(recordedPart('basic', 1, 1));
  });

  it('the listed order stays the default (0.98)', async () => {
    const pack = await loadPack0169();
    const listed = permissionsText(pack, { sandbox: { ...workspace, writable_roots: ['/z', '/a'] }, approvalPolicy: 'never', cwd: '/m' });
    expect(listed).toContain('`/z`, `/a`, `/m`, `/tmp`');
    const sorted = permissionsText(pack, { sandbox: { ...workspace, writable_roots: ['/z', '/a', '/m'] }, approvalPolicy: 'never', cwd: '/m', rootsOrder: 'sorted' });
    expect(sorted).toContain('`/a`, `/m`, `/tmp`, `/z`');
  });
});
