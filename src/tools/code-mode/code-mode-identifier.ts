// A tool's name as a JavaScript identifier on the script's `tools` object: every character that may
// not stand there becomes `_` (a leading digit too); an empty name is `_`.
export function codeModeIdentifier(name: string): string {
  let out = '';
  for (const [i, ch] of [...name].entries()) {
    const ok = ch === '_' || ch === '$' || /[A-Za-z]/.test(ch) || (i > 0 && /[0-9]/.test(ch));
    out += ok ? ch : '_';
  }
  return out === '' ? '_' : out;
}
