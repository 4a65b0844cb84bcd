// Stored rollout lines are typed once, where the reader checks them against protocol/rollout.ts and
// protocol/rollout-events.ts. Code that reads records uses those types (knownEventOf, historyItemOf,
// the line union); a cast that asserts a shape on a stored payload would bypass the check.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** A cast of a stored line or payload, anywhere. */
const PAYLOAD_CAST = /\b(?:payload|line)\s+as\s/;
/** A file that handles records read back from a rollout. */
const READS_RECORDS = /\b(?:RolloutRecord|StoredRolloutLine)\b|rollout\/reader\.js|rollout\/known-events\.js/;
/** A shape asserted on a value instead of checked: an object type, a record, or unknown first. */
const SHAPE_CAST = /\bas\s+(?:\{|Record<|Obj\b|unknown\s+as\b)/;

/** The offending lines of one file's text (comments skipped). */
function castsIn(text: string): string[] {
  const readsRecords = READS_RECORDS.test(text);
  return text
    .split('\n')
    .map((line, i) => ({ line, no: i + 1 }))
    .filter(({ line }) => !/^\s*(?:\/\/|\/?\*)/.test(line))
    .filter(({ line }) => PAYLOAD_CAST.test(line) || (readsRecords && SHAPE_CAST.test(line)))
    .map(({ line, no }) => `${no}: ${line.trim()}`);
}

test('the check finds the casts it is meant to find', () => {
  expect(castsIn('const p = line.payload as { type?: unknown };')).toHaveLength(1);
  expect(castsIn("import type { RolloutRecord } from './reader.js';\nconst m = x as Record<string, unknown>;")).toHaveLength(1);
  expect(castsIn("import type { RolloutRecord } from './reader.js';\nconst o = (r.line as unknown as Obj).ordinal;")).toHaveLength(1);
  expect(castsIn('const m = x as Record<string, unknown>;')).toEqual([]);
  expect(castsIn('// line.payload as { type } in a comment')).toEqual([]);
  expect(castsIn('  /** The command line as the model wrote it. */')).toEqual([]);
});

test('no source file casts a stored payload: the reader has typed it', () => {
  const found = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
    castsIn(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`),
  );
  expect(found).toEqual([]);
});
