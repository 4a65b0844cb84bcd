// The library examples of the README and docs/library.md are files in examples/, shown verbatim, and
// they run: against the built package (`weft`, `weft/testing` resolved as an installed copy resolves
// them), offline. What they print makes sense for one prompt: the prompt and the answer, not the
// context messages weft stores around them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const library = readFileSync(`${ROOT}docs/library.md`, 'utf8');

describe('README library examples', () => {
  it.each([
    ['first-thread.mjs', 'README.md', /^completed: All tests pass\.\nuser: Run the tests\nassistant: All tests pass\.\n$/],
    ['test-an-agent-offline.mjs', 'docs/library.md', /^All tests pass\.\ncompleted; the model got 1 request\(s\)\nstored: user, assistant\n$/],
    ['render-one-prompt-for-each-wire.mjs', 'docs/library.md', /^\[\{"role":"system","content":"Answer in one word\."\},\{"role":"user","content":"Capital of France\?"\}\]\n"Answer in one word\."\n$/],
  ])('%s is in %s and runs', (file, doc, output) => {
    const code = readFileSync(`${ROOT}examples/${file}`, 'utf8');
    expect(doc === 'README.md' ? readme : library).toContain(code.trimEnd());
    const out = execFileSync(process.execPath, [`examples/${file}`], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(out).toMatch(output);
  });
});
