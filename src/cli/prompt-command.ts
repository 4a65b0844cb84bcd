// `weft prompt ["<user text>"]`: print the exact body weft would send for the first turn of a new
// thread in this directory. No network, no rollout: a way to see and diff the prompt.
import { randomUUID } from 'node:crypto';
import { newThreadContext } from '../engine/new-thread-context.js';
import { loadRuntime } from '../engine/runtime.js';
import { previousTurnOf } from '../context/previous-turn.js';
import { textMessage } from '../history/message.js';
import { toolsForTurn } from '../prompt/tools-for-turn.js';
import { renderForWire } from '../prompt/render-for-wire.js';
import { WireApi } from '../../protocol/config.js';
import { UsageError } from '../errors.js';
import { commonOptions, parseCommand, runtimeOptions, settingsOverrides, stringList, stringValue, type CliIo, workingDirectory } from './cli-options.js';
import { applyPromptStrategy, PROMPT_STRATEGY_HELP, PROMPT_STRATEGY_OPTIONS } from '../assembly/budget/prompt-strategy.js';

const HELP = `Usage: weft prompt [options] ["<user text>"]

Print the request body weft would send for the first turn of a new thread in the current
directory, with the user text as the last input item. Makes no network call.

Options:
${commonOptions.help}
  --json                   print the body as one compact JSON line (default: indented)
  --wire <api>             the body for this wire: responses (default), chat, anthropic
${PROMPT_STRATEGY_HELP}
  -h, --help               show this help`;

export async function promptCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(argv, { json: { type: 'boolean' }, wire: { type: 'string' }, ...PROMPT_STRATEGY_OPTIONS }, HELP, io);
  if (parsed === undefined) return 0;
  const { values, positionals } = parsed;
  const wire = WireApi.safeParse(stringValue(values.wire) ?? 'responses');
  if (!wire.success) throw new UsageError(`--wire must be responses, chat or anthropic (got '${String(values.wire)}')`);
  const rt = await loadRuntime(runtimeOptions(values, io.env));
  for (const w of rt.warnings) io.stderr(`warning: ${w}`);
  const cwd = await workingDirectory(values, io);
  const ctx = await newThreadContext(rt, { cwd, overrides: settingsOverrides(values, cwd) });
  for (const w of ctx.warnings) io.stderr(`warning: ${w}`);
  const userText = positionals.join(' ');
  const updates = rt.profile.settingsUpdateItems(rt.pack, previousTurnOf(ctx.settings), ctx.settings, ctx.baseInstructions);
  const input = [...ctx.initialContext, ...updates, ...(userText ? [textMessage('user', userText)] : [])];
  const flags = { strategy: stringValue(values.strategy), stage: stringValue(values.stage), budget: stringList(values.budget), source: stringList(values.source) };
  const chosen = await applyPromptStrategy(flags, { pack: rt.pack, cwd, instructions: ctx.baseInstructions, input });
  for (const line of chosen.report) io.stderr(line);
  const { body } = renderForWire(
    wire.data,
    {
      instructions: chosen.instructions,
      input: chosen.input,
      tools: toolsForTurn(rt.packTools, ctx.settings),
      parallelToolCalls: ctx.settings.model.supports_parallel_tool_calls,
    },
    ctx.settings,
    { promptCacheKey: randomUUID(), rendering: rt.profile, chat: { contextUpdate: rt.contextUpdate }, anthropic: { contextUpdate: rt.contextUpdate } },
  );
  io.stdout(values.json ? JSON.stringify(body) : JSON.stringify(body, null, 2));
  return 0;
}
