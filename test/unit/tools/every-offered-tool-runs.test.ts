// The model is never offered a tool weft does not run: for each model of the default configuration
// (codex-0.169: gpt-5.5 and the code-mode gpt-5.6-sol), every tool a request offers (the body's
// tools, and the namespaces of a code-mode model's `additional_tools`) is called through the turn
// loop, and none answers "unsupported call" or "unknown tool". A tool offered without an entry in
// CALLS below fails the test, so a newly offered tool cannot go unrun unnoticed.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Weft } from '../../../src/engine/weft.js';
import { customToolCallReply, functionCallReply, startMockResponsesServer, textReply, type MockReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

type Call = { args?: Record<string, unknown>; input?: string; before?: Call & { name: string; namespace?: string } };

const question = { id: 'color', header: 'Color', question: 'Which color?', options: [{ label: 'Red', description: 'Warm.' }, { label: 'Blue', description: 'Cool.' }] };
const spawn = { name: 'spawn_agent', namespace: 'collaboration', args: { task_name: 'helper', message: 'say done', fork_turns: 'none' } };

/** How each offered tool is called (a spawned agent first where the tool needs one). */
const CALLS: Record<string, Call> = {
  exec_command: { args: { cmd: 'echo hi' } },
  write_stdin: { args: { session_id: 1, chars: '' } },
  apply_patch: { input: '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n' },
  view_image: { args: { path: 'missing.png' } },
  request_user_input: { args: { questions: [question] } },
  get_goal: { args: {} },
  create_goal: { args: { objective: 'Say hi' } },
  update_goal: { args: { status: 'complete' } },
  exec: { input: 'text("hi")' },
  wait: { args: { cell_id: '1' } },
  spawn_agent: { args: spawn.args },
  send_message: { args: { target: 'helper', message: 'note' }, before: spawn },
  followup_task: { args: { target: 'helper', message: 'again' }, before: spawn },
  wait_agent: { args: { timeout_ms: 10000 }, before: spawn },
  interrupt_agent: { args: { target: 'helper' }, before: spawn },
  list_agents: { args: {} },
};

interface Offered {
  name: string;
  namespace?: string;
  custom: boolean;
}

function offeredTools(body: { tools?: Record<string, unknown>[]; input: Record<string, unknown>[] }): Offered[] {
  const own = (body.tools ?? []).flatMap((t): Offered[] => (typeof t.name === 'string' ? [{ name: t.name, custom: t.type === 'custom' }] : []));
  const extra = body.input
    .filter((i) => i.type === 'additional_tools')
    .flatMap((i) => i.tools as Record<string, unknown>[])
    .flatMap((ns) =>
      ((ns.tools as Record<string, unknown>[] | undefined) ?? []).map((t): Offered => ({
        name: t.name as string,
        custom: t.type === 'custom',
        ...(ns.name !== 'functions' ? { namespace: ns.name as string } : {}),
      })),
    );
  return [...own, ...extra];
}

function callReply(name: string, call: Call, callId: string, namespace?: string): MockReply {
  if (call.input !== undefined) return customToolCallReply(name, call.input, callId);
  const reply = functionCallReply(name, call.args ?? {}, callId);
  if (namespace !== undefined) for (const e of reply.sse as { item?: Record<string, unknown> }[]) if (e.item) e.item.namespace = namespace;
  return reply;
}

/** True when the request comes from a spawned agent (its input holds a message from another agent to it). */
function fromChild(body: { input: Record<string, unknown>[] }): boolean {
  return body.input.some((i) => i.type === 'agent_message' && i.recipient !== '/root');
}

async function weftFor(model: string, respond: (body: { input: Record<string, unknown>[] }) => MockReply): Promise<Weft> {
  mock = await startMockResponsesServer({ respond: (req) => respond(req.body as { input: Record<string, unknown>[] }) });
  const home = await tempDir('weft-every-tool-');
  await writeFile(
    path.join(home, 'config.toml'),
    `compat = "codex-0.169"\nmodel = "${model}"\nmodel_provider = "mock"\nsandbox_mode = "danger-full-access"\napproval_policy = "never"\n[model_providers.mock]\nbase_url = "${mock.url}"\n`,
  );
  return Weft.open({ env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home }, cwd: home });
}

async function offeredBy(model: string): Promise<Offered[]> {
  const weft = await weftFor(model, () => textReply('ok'));
  const thread = await weft.startThread();
  await thread.run('hi');
  await thread.close();
  const tools = offeredTools(mock?.requests[0]?.body as { input: Record<string, unknown>[] });
  await mock?.close();
  mock = undefined;
  return tools;
}

/** Runs one call of `tool` (after its `before` call) and returns what the model read back. */
async function outputOf(model: string, tool: Offered): Promise<string> {
  const call = CALLS[tool.name] as Call;
  const script: MockReply[] = [];
  if (call.before) script.push(callReply(call.before.name, call.before, 'call_before', call.before.namespace));
  script.push(callReply(tool.name, call, 'call_tool', tool.namespace), textReply('done'));
  let n = 0;
  const weft = await weftFor(model, (body) => (fromChild(body) ? textReply('child done') : (script[n++] ?? textReply('extra'))));
  const thread = await weft.startThread();
  await thread.run('go');
  const item = thread.history.find((i) => (i.type === 'function_call_output' || i.type === 'custom_tool_call_output') && i.call_id === 'call_tool');
  await thread.close();
  expect(item, `${tool.name} has an output`).toBeDefined();
  const output = item && 'output' in item ? item.output : '';
  return typeof output === 'string' ? output : JSON.stringify(output);
}

describe.each(['gpt-5.5', 'gpt-5.6-sol'])('every tool offered to %s runs', (model) => {
  it('each offered tool answers with something other than unsupported or unknown', async () => {
    const offered = await offeredBy(model);
    expect(offered.length).toBeGreaterThan(0);
    const unknown = offered.filter((t) => CALLS[t.name] === undefined).map((t) => t.name);
    expect(unknown, 'offered tools this test does not know how to call').toEqual([]);
    for (const tool of offered) {
      const output = await outputOf(model, tool);
      if (process.env.SHOW_TOOL_OUTPUTS) process.stderr.write(`${model} ${tool.name}: ${output.slice(0, 160)}\n`);
      expect(output, tool.name).not.toMatch(/unsupported call|no tool (named|called)/i);
    }
  }, 120_000);
});
