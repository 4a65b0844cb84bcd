// request_user_input: the model puts up to three questions to the user and waits. Codex 0.169 runs it
// in Plan mode only; in any other mode it answers that the tool is unavailable there. The questions go
// to whoever runs the turn (the app-server's client, a terminal) through the context's `askUser`; the
// answers go back as Codex sends them, the JSON of `{"answers": {id: {"answers": [...]}}}`.
import { z } from 'zod';
import type { ToolHandler } from '../tool-context.js';
import { RequestUserInputArgs } from './user-input-asker.js';

export const REQUEST_USER_INPUT_TOOL_NAME = 'request_user_input';

/** A collaboration mode as the refusal names it (`default` → `Default`). */
function modeName(mode: string): string {
  return mode.charAt(0).toUpperCase() + mode.slice(1);
}
export const requestUserInput: ToolHandler = async (call, ctx) => {
  const mode = ctx.collaborationMode ?? 'default';
  if (mode !== 'plan') return { output: ctx.texts.userInput.wrongMode(modeName(mode)), success: false };
  const args = RequestUserInputArgs.safeParse(JSON.parse(call.arguments));
  if (!args.success) return { output: ctx.texts.invalidArguments(call.name, z.prettifyError(args.error)), success: false };
  if (ctx.askUser === undefined) return { output: ctx.texts.userInput.nobodyToAsk(), success: false };
  const answers = await ctx.askUser({ callId: call.callId, questions: args.data.questions }, call.signal);
  if (answers === undefined) return { output: ctx.texts.userInput.declined(), success: false };
  return { output: JSON.stringify({ answers }), success: true };
};
