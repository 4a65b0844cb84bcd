// Scripted scenarios for the tools a model is offered (goals, request_user_input, sub-agents):
// `tsx scripts/tool-scenarios.ts OUTDIR`. Each entry of test/conformance/tool-scenarios/scripts.json
// names a model, a prompt and the replies the mock gives in order (tool calls or a message); this
// writes OUTDIR/codex-0.169/scenarios/<name>/scenario.json from the recorded tool_call scenario (its
// files, repository and environment), and links OUTDIR/codex-0.169/pack to the shared Codex pack.
// Run the variants of test/conformance/tool-scenarios/variants.json with WEFT_CONFORMANCE_DIR=OUTDIR.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const CallSchema = z.strictObject({
  name: z.string(),
  args: z.unknown().optional(),
  input: z.string().optional(),
  namespace: z.string().optional(),
});
const ReplySchema = z.union([z.strictObject({ calls: z.array(CallSchema) }), z.strictObject({ message: z.string() })]);
const ScriptSchema = z.strictObject({
  name: z.string(),
  model: z.string(),
  prompt: z.string(),
  config: z.string().optional(),
  replies: z.array(ReplySchema),
});

const here = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const shared = resolve(here, '..', 'shared', 'conformance');
const out = resolve(process.argv[2] ?? '/tmp/weft-tool-scenarios');
const scripts = z.array(ScriptSchema).parse(JSON.parse(readFileSync(join(here, 'test/conformance/tool-scenarios/scripts.json'), 'utf8')));
const template = JSON.parse(readFileSync(join(shared, 'codex-0.169/scenarios/tool_call/scenario.json'), 'utf8')) as Record<string, unknown>;

mkdirSync(join(out, 'codex-0.169', 'scenarios'), { recursive: true });
if (!existsSync(join(out, 'codex-0.169', 'pack'))) symlinkSync(join(shared, 'codex-0.169', 'pack'), join(out, 'codex-0.169', 'pack'));

let n = 0;
const id = (p: string): string => `${p}_mock${String(++n).padStart(4, '0')}`;

function sse(model: string, reply: z.output<typeof ReplySchema>): unknown[] {
  const resp = id('resp');
  const head = { id: resp, object: 'response', created_at: 1795300284, model, status: 'in_progress', output: [] };
  const items: Record<string, unknown>[] =
    'message' in reply
      ? [{ type: 'message', id: id('msg'), role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.message, annotations: [] }] }]
      : reply.calls.map((c, i) =>
          c.input !== undefined
            ? { type: 'custom_tool_call', id: id('ctc'), status: 'completed', call_id: `call_mock_${n}_${i}`, name: c.name, input: c.input }
            : {
                type: 'function_call',
                id: id('fc'),
                status: 'completed',
                call_id: `call_mock_${n}_${i}`,
                name: c.name,
                ...(c.namespace !== undefined ? { namespace: c.namespace } : {}),
                arguments: JSON.stringify(c.args ?? {}),
              },
        );
  const events: unknown[] = [
    { type: 'response.created', response: head },
    { type: 'response.in_progress', response: head },
  ];
  items.forEach((item, i) => {
    events.push({ type: 'response.output_item.added', output_index: i, item });
    events.push({ type: 'response.output_item.done', output_index: i, item });
  });
  const usage = { input_tokens: 1200, input_tokens_details: { cached_tokens: 1000 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 1240 };
  events.push({ type: 'response.completed', response: { ...head, status: 'completed', output: items, usage } });
  return events;
}

for (const s of scripts) {
  const dir = join(out, 'codex-0.169', 'scenarios', s.name);
  mkdirSync(join(dir, 'requests'), { recursive: true });
  const config = (template.config_toml as string).replace('model = "gpt-5.5"', `model = "${s.model}"`) + (s.config ?? '');
  const steps = [
    {
      process: 1,
      label: 'exec',
      cwd: '{{REPO}}',
      interface: 'exec',
      argv: ['codex', 'exec', '--json', '--skip-git-repo-check', s.prompt],
      ops: [{ op: 'start', overrides: {} }, { op: 'turn', prompt: s.prompt }],
      exit_code: 0,
    },
  ];
  const exchanges = s.replies.map((r, i) => {
    const file = `requests/${String(i + 1).padStart(3, '0')}.json`;
    writeFileSync(join(dir, file), JSON.stringify({ method: 'POST', path: '/v1/responses', body: {} }));
    return { request: file, kind: 'responses', method: 'POST', path: '/v1/responses', responses_index: i + 1, reply: { status: 200, sse: sse(s.model, r) } };
  });
  const scenario = { ...template, name: s.name, description: `scripted: ${s.name}`, config_toml: config, steps, exchanges, rollouts: [], transcripts: ['exec.stdout.jsonl'] };
  writeFileSync(join(dir, 'scenario.json'), `${JSON.stringify(scenario, null, 1)}\n`);
}
process.stdout.write(`${scripts.length} scenarios under ${out}\n`);
