import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execCommand } from '../../../src/tools/unified-exec/exec-command-tool.js';
import type { ExecOutputVars, ToolContext } from '../../../src/tools/tool-registry.js';
import { weftToolTexts } from '../../support/tool-texts.js';
import { bubblewrapSandbox } from '../../../src/tools/sandbox/bubblewrap-sandbox.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const CODEX_098 = path.resolve(REPO_ROOT, '../shared/conformance/codex-0.98');

// One-pass `{{ name }}` substitution, the pack's placeholder rule.
function renderTemplate(template: string, vars: ExecOutputVars): string {
  return template.replace(/\{\{ ([a-z_]+) \}\}/g, (_match, name: string) => {
    const value = (vars as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`no value for {{ ${name} }}`);
    return value;
  });
}

async function recordedEchoOutput(): Promise<string> {
  const request = JSON.parse(await readFile(path.join(CODEX_098, 'scenarios/tool_call/requests/002.json'), 'utf8')) as {
    body: { input: Array<{ type: string; output?: unknown }> };
  };
  const item = request.body.input.find((i) => i.type === 'function_call_output');
  if (typeof item?.output !== 'string') throw new Error('recording has no function_call_output text');
  return item.output;
}

let home: string;
let template: string;
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'weft-exec-'));
  template = await readFile(path.join(CODEX_098, 'pack/tool_output/exec_command.md'), 'utf8');
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('exec_command', () => {
  it('answers `echo hi` with the recorded Codex 0.98 text, up to chunk id and wall time', async () => {
    const ctx: ToolContext = {
      cwd: home,
      env: { PATH: process.env['PATH'], HOME: home, SHELL: '/bin/bash' },
      approvalPolicy: 'never',
      sandboxMode: 'danger-full-access',
      sandboxPolicy: { type: 'danger-full-access' },
      sandboxMechanism: bubblewrapSandbox,
      truncationPolicy: { mode: 'tokens', limit: 10000 },
      renderExecOutput: (vars) => renderTemplate(template, vars),
      texts: weftToolTexts,
    };
    const result = await execCommand(
      { name: 'exec_command', arguments: '{"cmd":"echo hi"}', callId: 'call_mock_1', signal: new AbortController().signal },
      ctx,
    );
    expect(typeof result.output).toBe('string');
    const output = result.output as string;
    expect(output).toMatch(/^Chunk ID: [0-9a-f]{6}\nWall time: \d+\.\d{4} seconds\n/);
    const normalized = output
      .replace(/^Chunk ID: [0-9a-f]+$/m, 'Chunk ID: {{CHUNK_ID}}')
      .replace(/^Wall time: [0-9.]+ seconds$/m, 'Wall time: {{WALL_TIME}} seconds');
    expect(normalized).toBe(await recordedEchoOutput());
  });
});
