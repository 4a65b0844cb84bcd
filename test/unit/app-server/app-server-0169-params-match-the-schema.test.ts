// The zod schemas of the 0.169 params weft serves, held against Codex 0.169's generated JSON Schema
// (the authority): each accepts every property the schema declares and requires exactly what it
// requires, and every request the recorded 0.169 sessions sent parses (or fails exactly where
// Codex answered with an error about its params).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import * as P from '../../../protocol/app-server/v0169/params.js';
import * as C from '../../../protocol/app-server/v0169/config-params.js';
import * as O from '../../../protocol/app-server/v0169/organization-params.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { loadTranscript } from '../../support/transcript-replay.js';

const root = join(conformanceRoot(), 'appserver-0.169');
const schemaDir = join(root, 'schema', 'json', 'v2');

const PAIRS: Array<[string, z.ZodObject]> = [
  ['ThreadStartParams', P.ThreadStartParams0169],
  ['ThreadResumeParams', P.ThreadResumeParams0169],
  ['ThreadForkParams', P.ThreadForkParams0169],
  ['ThreadListParams', P.ThreadListParams0169],
  ['ThreadLoadedListParams', P.ThreadLoadedListParams0169],
  ['ThreadReadParams', P.ThreadReadParams0169],
  ['ThreadArchiveParams', P.ThreadIdParams0169],
  ['ThreadUnarchiveParams', P.ThreadIdParams0169],
  ['ThreadSetNameParams', P.ThreadSetNameParams0169],
  ['ThreadCompactStartParams', P.ThreadIdParams0169],
  ['ThreadRevertParams', P.ThreadRevertParams0169],
  ['ThreadTurnsListParams', P.ThreadTurnsListParams0169],
  ['ThreadItemsListParams', P.ThreadItemsListParams0169],
  ['TurnStartParams', P.TurnStartParams0169],
  ['TurnSteerParams', P.TurnSteerParams0169],
  ['TurnInterruptParams', P.TurnInterruptParams0169],
  ['ModelListParams', P.ModelListParams0169],
  ['ConfigReadParams', C.ConfigReadParams0169],
  ['ConfigValueWriteParams', C.ConfigValueWriteParams0169],
  ['ConfigBatchWriteParams', C.ConfigBatchWriteParams0169],
  ['ThreadSectionListParams', O.ThreadSectionListParams0169],
  ['ThreadSectionCreateParams', O.ThreadSectionCreateParams0169],
  ['ThreadSectionUpdateParams', O.ThreadSectionUpdateParams0169],
  ['ThreadSectionDeleteParams', O.ThreadSectionDeleteParams0169],
  ['ThreadSectionMoveParams', O.ThreadSectionMoveParams0169],
  ['ThreadAttachmentAddParams', O.ThreadAttachmentAddParams0169],
  ['ThreadAttachmentListParams', O.ThreadAttachmentListParams0169],
  ['ThreadAttachmentRemoveParams', O.ThreadAttachmentRemoveParams0169],
  ['ThreadAttachmentOwnerListParams', O.ThreadAttachmentOwnerListParams0169],
  ['ThreadMetadataUpdateParams', O.ThreadMetadataUpdateParams0169],
];

const METHOD_SCHEMAS: Record<string, z.ZodType> = {
  'thread/start': P.ThreadStartParams0169,
  'thread/resume': P.ThreadResumeParams0169,
  'thread/fork': P.ThreadForkParams0169,
  'thread/list': P.ThreadListParams0169,
  'thread/loaded/list': P.ThreadLoadedListParams0169,
  'thread/read': P.ThreadReadParams0169,
  'thread/compact/start': P.ThreadIdParams0169,
  'turn/start': P.TurnStartParams0169,
  'turn/interrupt': P.TurnInterruptParams0169,
};

/** Required keys of a zod object: those that reject `undefined`. */
function required(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, s]) => !(s as z.ZodType).safeParse(undefined).success)
    .map(([k]) => k)
    .sort();
}

describe.skipIf(!existsSync(schemaDir))('0.169 params: zod against the JSON Schema', () => {
  test.each(PAIRS)('%s: same properties accepted, same ones required', (name, schema) => {
    const json = JSON.parse(readFileSync(join(schemaDir, `${name}.json`), 'utf8')) as { properties?: Record<string, unknown>; required?: string[] };
    const declared = Object.keys(json.properties ?? {});
    const accepted = Object.keys(schema.shape);
    expect(declared.filter((k) => !accepted.includes(k))).toEqual([]);
    expect(required(schema)).toEqual([...(json.required ?? [])].sort());
  });

  test('every request of the recorded sessions parses, except those Codex refused for their params', () => {
    let checked = 0;
    for (const scenario of ['a', 'b', 'c', 'd']) {
      const lines = loadTranscript(join(root, scenario));
      for (const [i, line] of lines.entries()) {
        const msg = line.msg;
        if (line.dir !== 'c2s' || !msg || typeof msg.method !== 'string' || msg.id === undefined) continue;
        const schema = METHOD_SCHEMAS[msg.method];
        if (!schema) continue;
        const answer = lines.slice(i + 1).find((l) => l.dir === 's2c' && l.msg?.id === msg.id && l.msg?.method === undefined)?.msg;
        const refused = typeof (answer?.error as { message?: string } | undefined)?.message === 'string' && /^Invalid request: /.test((answer?.error as { message: string }).message);
        const ok = msg.params !== undefined && msg.params !== null && schema.safeParse(msg.params).success;
        expect(ok, `${scenario} ${msg.method} ${JSON.stringify(msg.params)}`).toBe(!refused);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
