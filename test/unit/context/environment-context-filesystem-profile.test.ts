import { describe, expect, it } from 'vitest';
import { environmentContextText } from '../../../src/context/environment-context.js';
import { filesystemXml, workspaceRoots } from '../../../src/context/filesystem-profile.js';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { recordedPart } from '../../support/codex-0169.js';

const rich = (sandbox: SandboxPolicy, cwd = '{{REPO}}') =>
  environmentContextText({ cwd, shell: 'bash', currentDate: '{{CURRENT_DATE}}', timezone: '{{TIMEZONE}}', filesystem: filesystemXml(sandbox, cwd) });

describe('<environment_context> of codex-0.169', () => {
  it('read-only: the cwd as only workspace root, read access to the root special path', () => {
    expect(rich({ type: 'read-only' })).toBe(recordedPart('basic', 2));
  });

  it('workspace-write: write entries per root, /tmp and $TMPDIR, protected folders read-only', () => {
    const sandbox: SandboxPolicy = {
      type: 'workspace-write',
      writable_roots: ['{{EXTRA}}'],
      network_access: false,
      exclude_tmpdir_env_var: false,
      exclude_slash_tmp: false,
    };
    expect(rich(sandbox)).toBe(recordedPart('sandbox_workspace_onrequest', 2));
  });

  it('danger-full-access: a disabled profile with an unrestricted file system, written ` />`', () => {
    const text = rich({ type: 'danger-full-access' });
    expect(text).toBe(recordedPart('tool_call', 2));
    expect(text).toContain('<file_system type="unrestricted" />');
  });

  it('excluded /tmp and $TMPDIR leave their entries out', () => {
    const sandbox: SandboxPolicy = { type: 'workspace-write', network_access: true, exclude_tmpdir_env_var: true, exclude_slash_tmp: true };
    const xml = filesystemXml(sandbox, '/r');
    expect(xml).not.toContain(':slash_tmp');
    expect(xml).not.toContain(':tmpdir');
    expect(xml).toContain('<entry access="write"><path>/r</path></entry>');
  });

  it('workspace roots: the cwd first, configured roots after it, each once', () => {
    const sandbox: SandboxPolicy = {
      type: 'workspace-write',
      writable_roots: ['/x/', '/r', '/x'],
      network_access: false,
      exclude_tmpdir_env_var: false,
      exclude_slash_tmp: false,
    };
    expect(workspaceRoots(sandbox, '/r')).toEqual(['/r', '/x']);
  });

  it('without the new fields the 0.98 layout is unchanged', () => {
    expect(environmentContextText({ cwd: '/r', shell: 'zsh' })).toBe('<environment_context>\n  <cwd>/r</cwd>\n  <shell>zsh</shell>\n</environment_context>');
  });
});
