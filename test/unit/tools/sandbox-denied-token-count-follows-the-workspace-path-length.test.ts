// Why the conformance harness sizes its workspace path (test/conformance/materialize.ts): the exec
// frame's "Original token count" is ceil(UTF-8 bytes / 4) of the command's output, and in 0.169's
// tool_sandbox_denied that output holds the workspace path. For
// `touch: cannot touch '<repo>/x': Read-only file system\n` the recorded 23 means a path of 41-44
// characters on the recording machine; with a 46-character path weft (rightly) says 24.
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src/history/token-estimate.js';
import { renderExecOutcome } from '../../../src/tools/unified-exec/exec-output.js';
import type { ExecOutputVars } from '../../../src/tools/tool-registry.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const refusal = (repo: string): string => `touch: cannot touch '${repo}/x': Read-only file system\n`;
const pathOf = (length: number): string => `/${'w'.repeat(length - 1)}`;

/** The count the exec frame shows for the refusal with a workspace path of `length` characters. */
function shownCount(length: number): string {
  let vars: ExecOutputVars | undefined;
  renderExecOutcome(
    { text: refusal(pathOf(length)), maxOutputTokens: 10_000, durationMs: 1, chunkId: 'c', exitCode: 1 },
    { texts: weftToolTexts, renderExecOutput: (v) => ((vars = v), '') },
  );
  return vars?.original_token_count ?? '';
}

describe('the original token count of a sandbox refusal', () => {
  it('is 23 for every path length the recording allows (41-44 characters)', () => {
    for (const length of [41, 42, 43, 44]) expect([length, shownCount(length)]).toEqual([length, '23']);
  });

  it('is 24 for a 46-character path and 22 below the range', () => {
    expect(shownCount(46)).toBe('24');
    expect(shownCount(40)).toBe('22');
    expect(estimateTokens(refusal(pathOf(45)))).toBe(24);
  });
});
