// Pins the codex-0.169 base-instructions message id to values the real Codex CLI 0.169.0 sent. The
// recordings normalize ids away, so the thread ids and message ids below were observed by running
// the binary against weft's mock server on the recorded scenarios (raw request bodies); the texts
// are the scenarios' own (the custom instructions file, and the recorded base instructions).
import { describe, expect, it } from 'vitest';
import { baseInstructionsId } from '../../../src/profile/codex-0.169/items.js';
import { recordedBody } from '../../support/codex-0169.js';

function recordedInstructions(scenario: string): string {
  const message = recordedBody(scenario).input.find((item) => item.type === 'message' && item.role === 'developer');
  const text = message?.content?.[0]?.text;
  if (text === undefined) throw new Error(`test fixture: no developer message in ${scenario}`);
  return text;
}

describe('the base-instructions id matches Codex 0.169', () => {
  it('for custom instructions from model_instructions_file', () => {
    const text = 'CUSTOM BASE INSTRUCTIONS: You are a test agent.\nSecond line.';
    expect(recordedInstructions('model_instructions_file')).toBe(text);
    expect(baseInstructionsId('01a200ec-7e44-71a3-83d2-838a8c566445', text)).toBe('msg_f026493e-69f7-5636-a597-12015bd06312');
  });

  it('for the catalog instructions of gpt-5.5 (resume scenario)', () => {
    const text = recordedInstructions('resume');
    expect(baseInstructionsId('01a200eb-a0f9-7ec2-b8c9-7f7ba08a8f3d', text)).toBe('msg_e9528b3d-e4c9-5086-866d-378fe522cb42');
  });
});
