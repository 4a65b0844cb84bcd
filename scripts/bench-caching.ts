// `npm run bench` (last part): how much of each request a provider's prefix cache can reuse, for a
// simulated 60-turn session whose context panels change at different rates. For every strategy
// (naive order, refresh-sorted panels, stability tiers) and wire, each request is linearized in the
// order providers cache it (tools, instructions, then the conversation) and compared with the
// previous request: the share of its bytes (≈ tokens, at 4 bytes a token) that equal the previous
// request's prefix. Figures, not pass/fail: the target (tiers above 90% once warm) is in issue 7.
import { readFile } from 'node:fs/promises';
import type { WireApi } from '../protocol/config.js';
import type { ModelCatalog } from '../protocol/model-catalog.js';
import type { ResponseItem } from '../protocol/responses-items.js';
import type { ResponsesRequestBody, ToolSpec } from '../protocol/responses-request.js';
import { PanelRegistry } from '../src/assembly/panels/panel-registry.js';
import { loadPanelTexts } from '../src/assembly/panels/panel-texts.js';
import { PromptShaper, type LayoutStrategy, type ShapeReport } from '../src/prompt/prompt-shaper.js';
import type { WireRequest } from '../protocol/wire-request.js';
import type { TurnSettings } from '../src/context/turn-settings.js';
import type { Prompt } from '../src/prompt/prompt.js';
import { sampleRenderer } from '../src/prompt/render-for-wire.js';
import { seededRandom } from './seeded-random.js';

const TEMPLATES = new URL('../templates/', import.meta.url);
const TURNS = 60;
const WARM_AFTER_REQUESTS = 30;
const SECONDS_PER_REQUEST = 20;

/** Panel id, size in bytes, and how often (in requests) its content changes; 0 = never. */
const PANELS: ReadonlyArray<{ id: string; header: string; bytes: number; every: number }> = [
  { id: 'tree', header: 'Repository tree', bytes: 3_000, every: 0 },
  { id: 'memory', header: 'Memories', bytes: 1_000, every: 40 },
  { id: 'main', header: 'File: src/main.ts', bytes: 6_000, every: 17 },
  { id: 'todo', header: 'Todo list', bytes: 600, every: 9 },
  { id: 'git', header: 'Git status', bytes: 400, every: 5 },
  { id: 'console', header: 'Console', bytes: 1_200, every: 1 },
];

function filler(tag: string, bytes: number): string {
  const line = `${tag} `.padEnd(79, '.') + '\n';
  return line.repeat(Math.max(1, Math.ceil(bytes / line.length))).slice(0, bytes);
}

/** The history the session has when its `request`-th request goes out, request by request. */
function* sessionRequests(): Generator<ResponseItem[]> {
  const random = seededRandom(7);
  const history: ResponseItem[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    history.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: filler(`task ${turn}`, 200) }] });
    const calls = Math.floor(random() * 4);
    for (let c = 0; c <= calls; c++) {
      yield [...history];
      if (c === calls) break;
      const callId = `call_${turn}_${c}`;
      history.push(
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'planning' }], encrypted_content: 'e'.repeat(1_200) },
        { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: `rg pattern${turn}_${c}` }), call_id: callId },
        { type: 'function_call_output', call_id: callId, output: filler(`output ${turn}.${c}`, 300 + Math.floor(random() * 3_700)) },
      );
    }
    history.push({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: filler(`answer ${turn}`, 400) }] });
  }
}

/** The request as providers cache it: tools, instructions, then each conversation entry, in order. */
function linearize(req: WireRequest): string {
  const parts: unknown[] = [];
  switch (req.wire) {
    case 'responses':
      parts.push(req.body.tools, req.body.instructions, ...req.body.input);
      break;
    case 'chat':
      parts.push(req.body.tools, ...req.body.messages);
      break;
    case 'anthropic':
      parts.push(req.body.tools, req.body.system, ...req.body.messages);
      break;
  }
  // A prefix cache matches content: where a request puts its `cache_control` markers says what to
  // cache, not what the content is (moving the last marker forward each turn is how Anthropic caching
  // is meant to be used), so the markers are left out of the comparison.
  const withoutMarkers = (key: string, value: unknown) => (key === 'cache_control' ? undefined : value);
  return parts.map((p) => JSON.stringify(p, withoutMarkers)).join('\n');
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

interface Run {
  shares: number[];
  bytes: number[];
  detached: number;
  panelCost: number;
  panelUncached: number;
}

async function simulate(strategy: LayoutStrategy, wire: WireApi, base: Omit<ResponsesRequestBody, 'input'>): Promise<Run> {
  const texts = await loadPanelTexts(TEMPLATES.pathname);
  let now = Date.parse('2026-03-01T09:00:00Z');
  const panels = new PanelRegistry({ now: () => now });
  const version = new Map<string, number>();
  for (const p of PANELS) {
    version.set(p.id, 0);
    panels.register({ id: p.id, header: p.header, content: filler(`${p.id} v0`, p.bytes), lastRefreshMs: now });
  }
  const reports: ShapeReport[] = [];
  const shaper = new PromptShaper({ panels, strategy, now: () => now, onReport: (r) => reports.push(r) }, async () => texts);
  const run: Run = { shares: [], bytes: [], detached: 0, panelCost: 0, panelUncached: 0 };
  let previous = '';
  let request = 0;
  for (const input of sessionRequests()) {
    request++;
    now += SECONDS_PER_REQUEST * 1000;
    for (const p of PANELS) {
      if (p.every > 0 && request % p.every === 0) {
        const v = (version.get(p.id) ?? 0) + 1;
        version.set(p.id, v);
        panels.update(p.id, filler(`${p.id} v${v}`, p.bytes));
      }
    }
    const text = linearize(await renderShaped({ ...base, input }, wire, shaper));
    run.shares.push(previous === '' ? 0 : commonPrefix(previous, text) / text.length);
    run.bytes.push(text.length);
    previous = text;
  }
  for (const r of reports) {
    run.detached += r.detached.length;
    run.panelCost += r.panels.estimatedCost;
    run.panelUncached += r.panels.uncachedCost;
  }
  return run;
}

/** The request `body` makes on `wire` through the render port, as a generation that sends it as it is. */
function renderShaped(body: ResponsesRequestBody, wire: WireApi, shaper: PromptShaper): Promise<WireRequest> {
  const prompt: Prompt = { instructions: body.instructions ?? '', input: body.input, tools: body.tools ?? [], parallelToolCalls: body.parallel_tool_calls };
  // The Chat and Anthropic renderers read only the model's slug; the Responses body is the one given.
  const settings = { model: { slug: body.model } } as unknown as TurnSettings;
  return sampleRenderer(shaper)(wire, { prompt, settings, rendering: { sentPrompt: () => prompt, bodyFor: (sent) => ({ ...body, input: [...sent.input] }) }, promptCacheKey: 'bench' });
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

const models = JSON.parse(await readFile(new URL('models.json', TEMPLATES), 'utf8')) as ModelCatalog;
const tools = JSON.parse(await readFile(new URL('tools.json', TEMPLATES), 'utf8')) as ToolSpec[];
const base: Omit<ResponsesRequestBody, 'input'> = {
  model: models.models[0]?.slug ?? 'model',
  instructions: models.models[0]?.base_instructions ?? '',
  tools,
  tool_choice: 'auto',
  parallel_tool_calls: true,
  store: false,
  stream: true,
  include: [],
};

const requests = [...sessionRequests()].length;
console.log(
  `\ncaching: ${TURNS}-turn session (${requests} requests), panels ${PANELS.map((p) => `${p.id}${p.every ? `/${p.every}` : '/never'}`).join(' ')} (changes every N requests);` +
    ` share of each request equal to the previous request's prefix, warm = after request ${WARM_AFTER_REQUESTS}`,
);
for (const wire of ['chat', 'anthropic', 'responses'] as const) {
  for (const strategy of ['naive', 'refresh-sorted', 'tiers'] as const) {
    const run = await simulate(strategy, wire, base);
    const warm = run.shares.slice(WARM_AFTER_REQUESTS);
    const sorted = [...warm].sort((a, b) => a - b);
    const mean = warm.reduce((s, x) => s + x, 0) / Math.max(1, warm.length);
    const weighted = warm.reduce((s, x, i) => s + x * (run.bytes[i + WARM_AFTER_REQUESTS] ?? 0), 0) / run.bytes.slice(WARM_AFTER_REQUESTS).reduce((s, x) => s + x, 0);
    const above = warm.filter((x) => x >= 0.9).length / Math.max(1, warm.length);
    const late = run.shares.slice(Math.floor(run.shares.length / 2));
    console.log(
      `  ${wire.padEnd(9)} ${strategy.padEnd(14)} warm mean ${pct(mean)}, token-weighted ${pct(weighted)}, second half ${pct(late.reduce((a, b) => a + b, 0) / late.length)},` +
        ` ≥90% in ${pct(above)} of requests, p10 ${pct(sorted[Math.floor(sorted.length * 0.1)] ?? 0)}, min ${pct(sorted[0] ?? 0)};` +
        ` history panels ${run.detached}; panel cost $${run.panelCost.toFixed(2)} (uncached $${run.panelUncached.toFixed(2)})`,
    );
  }
}
