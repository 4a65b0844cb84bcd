// Codex 0.169 lists the agents a thread spawned at the end of a fully rendered `<environment_context>`
// (a window rebuilt after compaction showed it: a `<subagents>` block, one `<agent name="…" />` a
// line, indented under it); a thread that spawned none has no such block.
import { describe, expect, it } from 'vitest';
import { environmentContextText } from '../../../src/context/environment-context.js';

const base = { cwd: '/w/cwd', shell: 'bash', currentDate: '2026-11-29', timezone: 'Etc/UTC', filesystem: '<filesystem><workspace_roots><root>/w/cwd</root></workspace_roots></filesystem>' };

describe('<environment_context> of a thread with agents', () => {
  it('lists each spawned agent after the filesystem, in spawn order', () => {
    expect(environmentContextText({ ...base, subagents: ['/root/alpha', '/root/beta'] })).toBe(
      [
        '<environment_context>',
        '  <cwd>/w/cwd</cwd>',
        '  <shell>bash</shell>',
        '  <current_date>2026-11-29</current_date>',
        '  <timezone>Etc/UTC</timezone>',
        '  <filesystem><workspace_roots><root>/w/cwd</root></workspace_roots></filesystem>',
        '  <subagents>',
        '    <agent name="/root/alpha" />',
        '    <agent name="/root/beta" />',
        '  </subagents>',
        '</environment_context>',
      ].join('\n'),
    );
  });

  it('has no block without agents', () => {
    expect(environmentContextText({ ...base, subagents: [] })).toBe(environmentContextText(base));
    expect(environmentContextText(base)).not.toContain('subagents');
  });
});
