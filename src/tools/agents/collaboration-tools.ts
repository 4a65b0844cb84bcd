// The multi-agent v2 collaboration tools of Codex 0.169 (namespace `collaboration`): spawn_agent,
// send_message, followup_task, wait_agent, interrupt_agent and list_agents. Each checks its
// arguments, asks the thread's team (the AgentPort) and answers in Codex's form: spawn_agent with
// `{"task_name": path}`, send_message and followup_task with nothing, interrupt_agent with the
// previous status, list_agents with every live agent and its status, wait_agent with a summary
// (and the end of a wait that was not stopped, reported to the context for the generation's record).
import { z } from 'zod';
import type { ToolCall, ToolContext, ToolHandler, ToolResult } from '../tool-context.js';
import type { AgentPort } from './agent-port.js';
import { lazySchema } from '../../../protocol/lazy-schema.js';

export const COLLABORATION_TOOL_NAMES = ['spawn_agent', 'send_message', 'followup_task', 'wait_agent', 'interrupt_agent', 'list_agents'] as const;

const SpawnArgs = lazySchema(() => z.object({
  task_name: z.string(),
  message: z.string(),
  fork_turns: z.string().optional(),
  model: z.string().optional(),
  reasoning_effort: z.string().optional(),
}));
const MessageArgs = lazySchema(() => z.object({ target: z.string(), message: z.string() }));
const TargetArgs = lazySchema(() => z.object({ target: z.string() }));
const ListArgs = lazySchema(() => z.object({ path_prefix: z.string().optional() }));
const WaitArgs = lazySchema(() => z.object({ timeout_ms: z.number().optional() }));

/** wait_agent's bounds (milliseconds): its default, least and most. */
export const WAIT_DEFAULT_MS = 30_000;
export const WAIT_MIN_MS = 10_000;
export const WAIT_MAX_MS = 3_600_000;

const TASK_NAME = /^[a-z0-9_]+$/;

function port(ctx: ToolContext, call: ToolCall): AgentPort {
  if (ctx.agents === undefined) throw new Error(`${call.name} has no team of agents in this turn`);
  return ctx.agents;
}

function parse<T>(schema: z.ZodType<T>, call: ToolCall, ctx: ToolContext): { ok: true; data: T } | { ok: false; result: ToolResult } {
  const parsed = schema.safeParse(JSON.parse(call.arguments));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, result: { output: ctx.texts.invalidArguments(call.name, z.prettifyError(parsed.error)), success: false } };
}

const refused = (output: string): ToolResult => ({ output, success: false });

export const spawnAgent: ToolHandler = async (call, ctx) => {
  const args = parse(SpawnArgs, call, ctx);
  if (!args.ok) return args.result;
  const texts = ctx.texts.agents;
  const { task_name: taskName, message, model, reasoning_effort: reasoningEffort } = args.data;
  if (!TASK_NAME.test(taskName)) return refused(texts.badTaskName());
  const forkTurns = args.data.fork_turns ?? 'all';
  if (forkTurns !== 'all' && forkTurns !== 'none') return refused(texts.badForkTurns());
  if (forkTurns === 'all' && (model !== undefined || reasoningEffort !== undefined)) return refused(texts.forkWithOverrides());
  const done = await port(ctx, call).spawn({ callId: call.callId, taskName, message, forkTurns, model, reasoningEffort });
  return done.ok ? { output: JSON.stringify({ task_name: done.value.path }), success: true } : refused(done.output);
};

export const sendMessage: ToolHandler = async (call, ctx) => {
  const args = parse(MessageArgs, call, ctx);
  if (!args.ok) return args.result;
  const done = await port(ctx, call).sendMessage(call.callId, args.data.target, args.data.message);
  return done.ok ? { output: '', success: true } : refused(done.output);
};

export const followupTask: ToolHandler = async (call, ctx) => {
  const args = parse(MessageArgs, call, ctx);
  if (!args.ok) return args.result;
  const done = await port(ctx, call).followupTask(call.callId, args.data.target, args.data.message);
  return done.ok ? { output: '', success: true } : refused(done.output);
};

export const interruptAgent: ToolHandler = async (call, ctx) => {
  const args = parse(TargetArgs, call, ctx);
  if (!args.ok) return args.result;
  const done = await port(ctx, call).interrupt(call.callId, args.data.target);
  return done.ok ? { output: JSON.stringify({ previous_status: done.value.previous }), success: true } : refused(done.output);
};

export const listAgents: ToolHandler = async (call, ctx) => {
  const args = parse(ListArgs, call, ctx);
  if (!args.ok) return args.result;
  const agents = port(ctx, call).list(args.data.path_prefix).map((a) => ({ agent_name: a.path, agent_status: a.status }));
  return { output: JSON.stringify({ agents }), success: true };
};

export const waitAgent: ToolHandler = async (call, ctx) => {
  const args = parse(WaitArgs, call, ctx);
  if (!args.ok) return args.result;
  const timeout = Math.min(WAIT_MAX_MS, Math.max(WAIT_MIN_MS, args.data.timeout_ms ?? WAIT_DEFAULT_MS));
  const startedAt = performance.now();
  const { timedOut, interrupted } = await port(ctx, call).wait(call.callId, timeout, call.signal);
  if (!interrupted) ctx.onAgentWaitEnded?.({ callId: call.callId, durationMs: performance.now() - startedAt });
  const texts = ctx.texts.agents;
  const message = interrupted ? texts.waitInterrupted() : timedOut ? texts.waitTimedOut() : texts.waitCompleted();
  return { output: JSON.stringify({ message, timed_out: timedOut }), success: true };
};

export const COLLABORATION_HANDLERS: Readonly<Record<(typeof COLLABORATION_TOOL_NAMES)[number], ToolHandler>> = {
  spawn_agent: spawnAgent,
  send_message: sendMessage,
  followup_task: followupTask,
  wait_agent: waitAgent,
  interrupt_agent: interruptAgent,
  list_agents: listAgents,
};
