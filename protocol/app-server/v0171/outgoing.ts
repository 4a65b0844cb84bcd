// What weft's 0.171 app-server sends, by method, in Codex 0.171's shapes (./generated/shapes.ts):
// 0.169's methods (../v0169/outgoing.ts), each with the 0.171 definition of its type, and what 0.171
// added. Like 0.169's, not used on the server's hot path.
import type { z } from 'zod';
import * as S from './generated/shapes.js';
import { NOTIFICATIONS_0169, RESULTS_0169, SERVER_REQUESTS_0169 } from '../v0169/outgoing.js';

const SHAPES = S as unknown as Readonly<Record<string, z.ZodType>>;

/** The 0.171 definition of a generated 0.169 type (the same name, in 0.171's schema). */
function in0171(schema: z.ZodType): z.ZodType {
  const id = schema.meta()?.id;
  const found = typeof id === 'string' ? SHAPES[id] : undefined;
  if (found === undefined) throw new Error(`the 0.171 shapes have no \`${String(id)}\`: run scripts/generate-protocol-0171.ts`);
  return found;
}

function mapped<T extends Record<string, z.ZodType>>(table: T): Record<keyof T, z.ZodType> {
  return Object.fromEntries(Object.entries(table).map(([method, schema]) => [method, in0171(schema)])) as Record<keyof T, z.ZodType>;
}

export const RESULTS_0171 = { ...mapped(RESULTS_0169), 'modelProvider/default/set': S.ConfigWriteResponse };

export const INITIALIZE_RESULT_0171 = S.InitializeResponse;

export const NOTIFICATIONS_0171 = { ...mapped(NOTIFICATIONS_0169), 'thread/search/partial': S.ThreadSearchPartialNotification };

export const SERVER_REQUESTS_0171 = Object.fromEntries(
  Object.entries(SERVER_REQUESTS_0169).map(([method, s]) => [method, { ...s, params: in0171(s.params), result: in0171(s.result) }]),
) as { [M in keyof typeof SERVER_REQUESTS_0169]: { params: z.ZodType; result: z.ZodType; experimental?: boolean } };
