// Writing JSON member by member, exactly as JSON.stringify lays it out, for the writers that emit a
// value's text in pieces (request bodies that reuse stored bytes, rollout lines with a long string):
// the punctuation and JSON.stringify's rules for what it leaves out live here once.

/** An object JSON.stringify writes member by member: an array, or a plain object without its own toJSON. */
export function writtenMemberByMember(value: object): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify leaves these out of objects and writes `null` for them in arrays. */
export function unwrittenByJson(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

/**
 * The brackets, commas and keys of an array or plain object, appended to `out`; each member's value
 * is written by `member` (which appends its own pieces).
 */
export function writeMembers<P>(value: object, out: (string | P)[], member: (v: unknown) => void): void {
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((v: unknown, i) => {
      if (i > 0) out.push(',');
      if (unwrittenByJson(v)) out.push('null');
      else member(v);
    });
    out.push(']');
    return;
  }
  out.push('{');
  let first = true;
  for (const [key, v] of Object.entries(value)) {
    if (unwrittenByJson(v)) continue;
    out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    member(v);
  }
  out.push('}');
}
