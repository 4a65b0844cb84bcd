// Whether the sandbox tests can run: they need a working bwrap. CI installs it (.ci/run), so there a
// missing bwrap fails the tests instead of skipping them.
import { probeBwrap } from '../../src/tools/sandbox/bwrap-probe.js';

const status = await probeBwrap(process.env);
export const bwrapWorks = status.available;
/** Skip the sandbox tests only off CI, where nobody promised a bwrap. */
export const skipWithoutBwrap = !bwrapWorks && process.env['CI'] !== 'true';
