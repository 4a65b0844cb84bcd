// The client request methods of 0.171, in the order Codex declares them: 0.169's, with the one
// method 0.171 added at its place (after `modelProvider/config/write`).
import { CLIENT_REQUEST_METHODS_0169 } from '../v0169/method-names.js';

/** Methods 0.171 added, each after the method it follows in Codex's declaration. */
const ADDED_0171: ReadonlyArray<readonly [after: string, method: string]> = [['modelProvider/config/write', 'modelProvider/default/set']];

function withAdded(base: readonly string[], added: typeof ADDED_0171): string[] {
  const out = [...base];
  for (const [after, method] of added) out.splice(out.indexOf(after) + 1, 0, method);
  return out;
}

export const CLIENT_REQUEST_METHODS_0171: readonly string[] = withAdded(CLIENT_REQUEST_METHODS_0169, ADDED_0171);
