import { describe, expect, it } from 'vitest';
import { resolveTurnSettings } from '../../../src/config/resolve-settings.js';
import { environmentContextText, shellName } from '../../../src/context/environment-context.js';
import { syntheticModel } from '../../support/packs.js';

describe('environmentContextText layout', () => {
  it('is the tag with cwd then shell, two-space indent, no declaration, no trailing newline', () => {
    expect(environmentContextText({ cwd: '/home/u/repo', shell: 'bash' })).toBe(
      '<environment_context>\n  <cwd>/home/u/repo</cwd>\n  <shell>bash</shell>\n</environment_context>',
    );
  });

  it('puts paths in unescaped', () => {
    expect(environmentContextText({ cwd: "/tmp/a&b <c> \"q\" 'x'", shell: 'zsh' })).toBe(
      "<environment_context>\n  <cwd>/tmp/a&b <c> \"q\" 'x'</cwd>\n  <shell>zsh</shell>\n</environment_context>",
    );
  });

  it('keeps non-ASCII and spaces in paths', () => {
    expect(environmentContextText({ cwd: '/tmp/dossier été', shell: 'fish' })).toBe(
      '<environment_context>\n  <cwd>/tmp/dossier été</cwd>\n  <shell>fish</shell>\n</environment_context>',
    );
  });
});

describe('shellName', () => {
  it('is the basename of $SHELL', () => {
    expect(shellName('/usr/bin/zsh')).toBe('zsh');
    expect(shellName('/opt/homebrew/bin/fish')).toBe('fish');
    expect(shellName('pwsh')).toBe('pwsh');
  });

  it('is bash when $SHELL is unset or empty', () => {
    expect(shellName(undefined)).toBe('bash');
    expect(shellName('')).toBe('bash');
  });

  it('comes from the env given to resolveTurnSettings', () => {
    const base = { config: {}, overrides: {}, catalog: [syntheticModel()], fallbackModel: syntheticModel({ slug: '' }), cwd: '/repo', userInstructions: undefined };
    expect(resolveTurnSettings({ ...base, env: { SHELL: '/bin/zsh' } }).shell).toBe('zsh');
    expect(resolveTurnSettings({ ...base, env: {} }).shell).toBe('bash');
  });
});
