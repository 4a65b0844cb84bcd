// `npm start` (scripts/demo.ts) shows what it claims: the shell call and the patch run as tools the
// request offered, and its summary of the last request names real figures (it once printed
// "undefined tools": the default model is a code-mode model, whose requests have no `tools` field).
import { describe, expect, it } from 'vitest';
import { runDemo } from '../../../scripts/demo.js';

describe('the offline demo', () => {
  it('runs the shell and apply_patch, and summarizes the last request without undefined figures', async () => {
    const lines: string[] = [];
    await runDemo((line) => void lines.push(line));
    const out = lines.join('\n');
    expect(out).toMatch(/\$ .*echo hello from the shell/);
    expect(out).toMatch(/apply_patch update greeting\.txt: completed/);
    expect(out).toMatch(/weft, edited through apply_patch/);
    expect(out).not.toContain('undefined');
    expect(out).toMatch(/model gpt-5\.5, \d+ input items, \d+ tools \(exec_command, /);
  });
});
