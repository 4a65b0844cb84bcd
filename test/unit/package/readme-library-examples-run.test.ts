// The library examples of the README are files in examples/, shown verbatim, and they run: against
// the built package (`weft`, `weft/testing` resolved as an installed copy resolves them), offline.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${ROOT}README.md`, 'utf8');

describe('README library examples', () => {
  it.each([
    ['test-an-agent-offline.mjs', /^All tests pass\.\ncompleted; the model got 1 request\(s\)\n\d+ messages stored\n$/],
    ['render-one-prompt-for-each-wire.mjs', /^\[\{"role":"system","content":"Answer in one word\."\},\{"role":"user","content":"Capital of France\?"\}\]\n"Answer in one word\."\n$/],
  ])('%s is in the README and runs', (file, output) => {
    const code = readFileSync(`${ROOT}examples/${file}`, 'utf8');
    expect(readme).toContain(code.trimEnd());
    const out = execFileSync(process.execPath, [`examples/${file}`], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(out).toMatch(output);
  });
});
