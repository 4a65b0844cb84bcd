import { describe, expect, it } from 'vitest';
import { isKnownSafeCommand, isKnownSafeScript, needsApproval } from '../../../src/tools/approval.js';

describe('isKnownSafeScript', () => {
  it.each([
    'ls',
    'ls -la src',
    'pwd',
    'echo hi',
    'cat README.md',
    "grep -rn 'foo bar' src",
    'rg -n TODO src',
    'head -n 20 file.txt | wc -l',
    'tail -5 log.txt',
    'git status',
    'git -C sub log --oneline -n 5',
    'git diff HEAD~1',
    'git show HEAD',
    'git branch --show-current',
    'find . -name "*.ts"',
    'sed -n 1,20p file.txt',
    'cd src && ls',
    'ls; pwd',
    'ls || echo none',
    'echo "a \\"quoted\\" word"',
    '/usr/bin/ls -l',
  ])('runs `%s` without asking', (script) => {
    expect(isKnownSafeScript(script)).toBe(true);
  });

  it.each([
    'rm -rf build',
    'touch new-file',
    'echo hi > out.txt',
    'cat < in.txt',
    'ls $(whoami)',
    'echo `id`',
    'echo "$HOME"',
    'echo $HOME',
    '(ls)',
    'ls &',
    'ls *.ts',
    'find . -name x -delete',
    'find . -exec rm {} ;',
    'rg --pre cat x',
    'rg -nz x',
    'git commit -m x',
    'git -c core.pager=evil log',
    'git log --output=/tmp/x',
    'git diff --ext-diff',
    'git branch new-branch',
    'git branch -d old',
    'sed -i s/a/b/ file',
    'sed -n 1,5p a b c',
    'base64 -o out.bin in',
    'ls && rm x',
    'cat x | sh',
    "echo 'unterminated",
    './ls',
    'ls &&',
    'ls ;; pwd',
    'FOO=1 ls',
    '',
  ])('asks before `%s`', (script) => {
    expect(isKnownSafeScript(script)).toBe(false);
  });
});

describe('isKnownSafeCommand', () => {
  it('judges bash -lc scripts by their commands', () => {
    expect(isKnownSafeCommand(['bash', '-lc', 'git status && ls'])).toBe(true);
    expect(isKnownSafeCommand(['/bin/zsh', '-c', 'ls'])).toBe(true);
    expect(isKnownSafeCommand(['bash', '-lc', 'ls && rm -rf /'])).toBe(false);
    expect(isKnownSafeCommand(['bash', 'script.sh'])).toBe(false);
  });

  it('judges a plain argv directly', () => {
    expect(isKnownSafeCommand(['ls', '-la'])).toBe(true);
    expect(isKnownSafeCommand(['find', '.', '-fprint', '/etc/passwd'])).toBe(false);
    expect(isKnownSafeCommand([])).toBe(false);
  });
});

describe('needsApproval', () => {
  it('never asks under `never` and `on-failure`', () => {
    expect(needsApproval('rm -rf build', 'never', 'read-only')).toBe(false);
    expect(needsApproval('rm -rf build', 'on-failure', 'workspace-write')).toBe(false);
  });

  it('asks for anything not known read-only under `untrusted` and `on-request`', () => {
    for (const policy of ['untrusted', 'on-request'] as const) {
      expect(needsApproval('rm -rf build', policy, 'workspace-write')).toBe(true);
      expect(needsApproval('git status', policy, 'workspace-write')).toBe(false);
    }
  });
});
