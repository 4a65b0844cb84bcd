import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPolicy } from '../../../protocol/rollout.js';
import { networkEnabled, permissionsText, writableRoots } from '../../../src/context/permissions.js';
import type { Pack } from '../../../src/pack/load-pack.js';
import { loadCodexPack, packWith } from '../../support/packs.js';

let pack: Pack;
beforeAll(async () => {
  pack = await loadCodexPack();
});

const SANDBOX_INTRO = 'Filesystem sandboxing defines which files can be read or written.';
const READ_ONLY = `${SANDBOX_INTRO} \`sandbox_mode\` is \`read-only\`: The sandbox only permits reading files. Network access is restricted.`;
const FULL_ACCESS = `${SANDBOX_INTRO} \`sandbox_mode\` is \`danger-full-access\`: No filesystem sandboxing - all commands are permitted. Network access is enabled.`;
const workspaceWrite = (network: 'enabled' | 'restricted'): string =>
  `${SANDBOX_INTRO} \`sandbox_mode\` is \`workspace-write\`: The sandbox permits reading files, and editing files in \`cwd\` and \`writable_roots\`. Editing files in other directories requires approval. Network access is ${network}.`;

function ws(over: Partial<Extract<SandboxPolicy, { type: 'workspace-write' }>> = {}): SandboxPolicy {
  return { type: 'workspace-write', network_access: false, exclude_tmpdir_env_var: false, exclude_slash_tmp: false, ...over };
}

describe('network wording per sandbox mode', () => {
  it('read-only says network access is restricted', () => {
    const text = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'never', cwd: '/repo' });
    expect(text).toBe(`<permissions instructions>\n${READ_ONLY}\n${pack.text('permissions/approval_policy/never.md')}\n</permissions instructions>`);
  });

  it('danger-full-access says network access is enabled', () => {
    const text = permissionsText(pack, { sandbox: { type: 'danger-full-access' }, approvalPolicy: 'never', cwd: '/repo' });
    expect(text.startsWith(`<permissions instructions>\n${FULL_ACCESS}\n`)).toBe(true);
    expect(networkEnabled({ type: 'danger-full-access' })).toBe(true);
  });

  it('workspace-write follows network_access', () => {
    const off = permissionsText(pack, { sandbox: ws({ network_access: false }), approvalPolicy: 'never', cwd: '/repo' });
    const on = permissionsText(pack, { sandbox: ws({ network_access: true }), approvalPolicy: 'never', cwd: '/repo' });
    expect(off.startsWith(`<permissions instructions>\n${workspaceWrite('restricted')}\n`)).toBe(true);
    expect(on.startsWith(`<permissions instructions>\n${workspaceWrite('enabled')}\n`)).toBe(true);
    expect(networkEnabled(ws({ network_access: true }))).toBe(true);
    expect(networkEnabled(ws({ network_access: false }))).toBe(false);
  });
});

describe('approval policy file', () => {
  it('uses unless_trusted.md for untrusted', () => {
    const text = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'untrusted', cwd: '/repo' });
    const section = pack.text('permissions/approval_policy/unless_trusted.md');
    expect(section).toContain('`approval_policy` is `unless-trusted`');
    expect(text).toBe(`<permissions instructions>\n${READ_ONLY}\n${section}\n</permissions instructions>`);
  });

  it('uses on_failure.md for on-failure and never.md for never', () => {
    const failure = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'on-failure', cwd: '/repo' });
    expect(failure).toContain('`approval_policy` is `on-failure`');
    const never = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'never', cwd: '/repo' });
    expect(never).toContain('`approval_policy` is `never`');
    expect(never).not.toContain('on-failure');
  });

  it('renders on_request.md with the approved prefixes (empty when none)', () => {
    const none = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'on-request', cwd: '/repo' });
    expect(none).toContain('# Escalation Requests');
    expect(none.endsWith('The following prefix rules have already been approved: \n</permissions instructions>')).toBe(true);
    const some = permissionsText(pack, { sandbox: { type: 'read-only' }, approvalPolicy: 'on-request', cwd: '/repo', approvedPrefixes: '["ls"]' });
    expect(some.endsWith('already been approved: ["ls"]\n</permissions instructions>')).toBe(true);
  });
});

describe('writable roots', () => {
  it('lists configured roots, then cwd, /tmp, $TMPDIR, without trailing slashes', () => {
    expect(writableRoots(ws({ writable_roots: ['/extra/', '/more//'] }), '/repo/', '/var/tmp/x/')).toEqual([
      '/extra',
      '/more',
      '/repo',
      '/tmp',
      '/var/tmp/x',
    ]);
  });

  it('keeps a bare / as it is', () => {
    expect(writableRoots(ws({ writable_roots: ['/'], exclude_slash_tmp: true }), '/repo', undefined)).toEqual(['/', '/repo']);
  });

  it('honours exclude_slash_tmp and exclude_tmpdir_env_var', () => {
    expect(writableRoots(ws({ exclude_slash_tmp: true }), '/repo', '/tt')).toEqual(['/repo', '/tt']);
    expect(writableRoots(ws({ exclude_tmpdir_env_var: true }), '/repo', '/tt')).toEqual(['/repo', '/tmp']);
    expect(writableRoots(ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true }), '/repo', '/tt')).toEqual(['/repo']);
  });

  it('has no roots outside workspace-write', () => {
    expect(writableRoots({ type: 'read-only' }, '/repo', '/tt')).toEqual([]);
    expect(writableRoots({ type: 'danger-full-access' }, '/repo', '/tt')).toEqual([]);
    const text = permissionsText(pack, { sandbox: { type: 'danger-full-access' }, approvalPolicy: 'never', cwd: '/repo', tmpdir: '/tt' });
    expect(text).not.toContain('writable root');
  });

  it('uses the `many` text with the separator for several roots', () => {
    const text = permissionsText(pack, { sandbox: ws({ writable_roots: ['/a/'] }), approvalPolicy: 'never', cwd: '/repo', tmpdir: '/tt/' });
    expect(text).toBe(
      `<permissions instructions>\n${workspaceWrite('restricted')}\n${pack.text('permissions/approval_policy/never.md')}\n` +
        ' The writable roots are `/a`, `/repo`, `/tmp`, `/tt`.\n</permissions instructions>',
    );
  });

  it('uses the `one` text for a single root', () => {
    const sandbox = ws({ exclude_slash_tmp: true, exclude_tmpdir_env_var: true });
    const text = permissionsText(pack, { sandbox, approvalPolicy: 'never', cwd: '/repo/', tmpdir: '/tt' });
    expect(text.endsWith('\n The writable root is `/repo`.\n</permissions instructions>')).toBe(true);
  });
});

describe('section endings', () => {
  it('ends every section with exactly one newline, without doubling one a file already has', () => {
    const sandbox = ws({ exclude_slash_tmp: true });
    const onRequest = pack.render('permissions/approval_policy/on_request.md', { approved_prefixes: '' });
    const text = permissionsText(pack, { sandbox, approvalPolicy: 'on-request', cwd: '/repo' });
    expect(text).toBe(
      `<permissions instructions>\n${workspaceWrite('restricted')}\n${onRequest}\n The writable root is \`/repo\`.\n</permissions instructions>`,
    );
    // A section file that already ends with a newline is not given a second one.
    const never = pack.text('permissions/approval_policy/never.md');
    const packNl = packWith(pack, { 'permissions/approval_policy/never.md': `${never}\n` });
    const nl = permissionsText(packNl, { sandbox: { type: 'read-only' }, approvalPolicy: 'never', cwd: '/repo' });
    expect(nl).toBe(`<permissions instructions>\n${READ_ONLY}\n${never}\n</permissions instructions>`);
  });
});
