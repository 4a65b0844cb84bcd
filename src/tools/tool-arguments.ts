// A tool call's JSON arguments checked against the tool's zod schema, or the text the model reads
// when they do not fit (the pack's invalid-arguments text, naming each problem).
import type { z } from 'zod';
import { errorMessage } from '../errors.js';
import type { ToolCall, ToolContext } from './tool-context.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; output: string };

export function parseToolArguments<T>(call: ToolCall, schema: z.ZodType<T>, ctx: ToolContext): Parsed<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(call.arguments);
  } catch (err) {
    return { ok: false, output: ctx.texts.invalidArguments(call.name, errorMessage(err)) };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
  return { ok: false, output: ctx.texts.invalidArguments(call.name, detail) };
}
