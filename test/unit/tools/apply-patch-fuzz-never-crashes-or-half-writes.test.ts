// 1,000 random or mangled patches (seeded, so every run is the same) against the parser and the
// applier: the parser only ever throws its typed error, the tool always answers, and a patch that
// fails leaves the workspace byte for byte as it was.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/seeded-random.js';
import { parsePatch, PatchParseError } from '../../../src/tools/apply-patch/parse-patch.js';
import { applyPatch, patchContext, snapshot } from '../../support/patch-harness.js';
import { removeTempDirs, tempDir, writeTree } from '../../support/temp-tree.js';

afterAll(removeTempDirs);

const BASELINE: Record<string, string | Uint8Array> = {
  'a.txt': 'alpha\nbeta\ngamma\ndelta\n',
  'b.txt': 'one\r\ntwo\r\nthree\r\n',
  'dir/c.txt': 'x = \u201Cq\u201D\n  indented  \nlast',
  'bin.dat': new Uint8Array([0, 1, 2, 0xff, 10]),
};
const PATHS = ['a.txt', 'b.txt', 'dir/c.txt', 'bin.dat', 'new.txt', 'dir/new/deep.txt', '../escape.txt', '/tmp/abs-escape.txt', '', '.', 'dir', 'a.txt/inner'];
const LINES = ['alpha', 'beta', 'gamma', 'delta', 'one', 'two', 'three', 'x = "q"', 'indented', 'last', 'zzz', '', '  beta  '];
const MARKERS = ['*** Begin Patch', '*** End Patch', '*** Add File: ', '*** Update File: ', '*** Delete File: ', '*** Move to: ', '*** End of File', '@@', '@@ ', "<<'EOF'", 'EOF'];

function generator(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const chunkLines = (): string[] => {
    const out: string[] = [];
    for (let n = Math.floor(rand() * 5); n > 0; n--) out.push(`${pick([' ', '-', '+', '', '#'])}${pick(LINES)}`);
    return out;
  };
  const section = (): string[] => {
    switch (Math.floor(rand() * 3)) {
      case 0:
        return [`*** Add File: ${pick(PATHS)}`, ...chunkLines().map((l) => `+${l}`)];
      case 1:
        return [`*** Delete File: ${pick(PATHS)}`];
      default: {
        const lines = [`*** Update File: ${pick(PATHS)}`];
        if (rand() < 0.2) lines.push(`*** Move to: ${pick(PATHS)}`);
        for (let c = 1 + Math.floor(rand() * 3); c > 0; c--) {
          lines.push(rand() < 0.3 ? `@@ ${pick(LINES)}` : '@@', ...chunkLines());
          if (rand() < 0.15) lines.push('*** End of File');
        }
        return lines;
      }
    }
  };
  const wellFormed = (): string[] => {
    const lines = ['*** Begin Patch'];
    for (let s = 1 + Math.floor(rand() * 3); s > 0; s--) lines.push(...section());
    lines.push('*** End Patch');
    return lines;
  };
  const mangle = (lines: string[]): string[] => {
    const out = [...lines];
    for (let m = Math.floor(rand() * 4); m > 0; m--) {
      const at = Math.floor(rand() * (out.length + 1));
      switch (Math.floor(rand() * 5)) {
        case 0:
          out.splice(at, 1);
          break;
        case 1:
          out.splice(at, 0, pick(MARKERS) + (rand() < 0.5 ? pick(PATHS) : ''));
          break;
        case 2:
          out.splice(at, 0, pick(LINES));
          break;
        case 3: {
          const line = out[at] ?? '';
          const cut = Math.floor(rand() * (line.length + 1));
          out[at] = line.slice(0, cut) + String.fromCharCode(Math.floor(rand() * 0x3000)) + line.slice(cut + 1);
          break;
        }
        default:
          out.reverse();
      }
    }
    return out;
  };
  const noise = (): string => Array.from({ length: Math.floor(rand() * 200) }, () => String.fromCharCode(Math.floor(rand() * 0x80))).join('');
  return (): string => {
    const r = rand();
    if (r < 0.1) return noise();
    const lines = r < 0.45 ? wellFormed() : mangle(wellFormed());
    return lines.join(rand() < 0.1 ? '\r\n' : '\n');
  };
}

describe('apply_patch under 1,000 random or mangled patches', () => {
  it('never crashes, answers every call, and never writes part of a failed patch', async () => {
    const dir = await tempDir();
    const cwd = path.join(dir, 'ws');
    const next = generator(seededRandom(20261124));
    const outcomes = { applied: 0, refused: 0 };
    await writeTree(cwd, BASELINE);
    let before = await snapshot(dir);
    for (let i = 0; i < 1000; i++) {
      const patch = next();
      try {
        parsePatch(patch);
      } catch (err) {
        expect(err, `patch #${i} made the parser throw something untyped:\n${patch}`).toBeInstanceOf(PatchParseError);
      }
      const result = await applyPatch(patch, patchContext(cwd));
      expect(typeof result.output, `patch #${i}`).toBe('string');
      if (result.success) {
        outcomes.applied++;
        await rm(cwd, { recursive: true, force: true });
        await writeTree(cwd, BASELINE);
        before = await snapshot(dir);
      } else {
        outcomes.refused++;
        expect(await snapshot(dir), `patch #${i} failed but changed the workspace:\n${patch}`).toEqual(before);
      }
    }
    // The generator must exercise both outcomes, or the test proves little.
    expect(outcomes.applied).toBeGreaterThan(20);
    expect(outcomes.refused).toBeGreaterThan(200);
  }, 120_000);
});
