// The mock model of the appserver-0.98 recordings (see ../shared/conformance/README.md): its reply
// depends on the last user text.
// - default: three deltas, "Mock ", "reply N " and "to: <text>" (N counts /responses requests;
//   the text cut to its first 60 characters, as the recordings' mock echoed a compaction prompt);
// - `[[slow]]` / `[[slow:MS:N]]`: N deltas "tick0 ", "tick1 ", … (20 by default). Instead of
//   sleeping MS between them, the stream holds after the first delta until the test releases it;
// - `[[tool:NAME {json}]]`: a function call, then plain text once a function_call_output is the
//   last input item;
// - `[[fail:CODE]]`: HTTP CODE.
import {
  functionCallReply,
  lastUserText,
  startMockResponsesServer,
  type CapturedRequest,
  type MockReply,
  type MockServer,
} from '../../scripts/mock-responses-server.js';

export interface AppServerMock {
  readonly server: MockServer;
  readonly url: string;
  /** Releases the held stream of the slow reply to `prompt` (the prompt text as sent). */
  release(prompt: string): void;
  /** Resolves when a slow reply to `prompt` is being held. */
  held(prompt: string): Promise<void>;
  close(): Promise<void>;
}

/** How much of the last user text the recorded mock echoed. */
const ECHO_CHARS = 60;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lastInputType(body: unknown): unknown {
  const input = isRecord(body) && Array.isArray(body.input) ? body.input : [];
  const last: unknown = input[input.length - 1];
  return isRecord(last) ? last.type : undefined;
}

function usage(req: CapturedRequest, text: string) {
  const input = Math.ceil(req.rawBody.length / 4);
  const output = Math.ceil(text.length / 4) + 30;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

/** A text reply streamed as the given deltas; with `pause`, held after the first delta until it settles. */
function deltaReply(n: number, model: string, req: CapturedRequest, deltas: string[], pause?: Promise<void>): MockReply {
  const id = `msg_mock_${n}`;
  const text = deltas.join('');
  const resp = (status: string, output: unknown[]) => ({ id: `resp_mock_${n}`, object: 'response', created_at: 1795300203, model, status, output });
  const at = { item_id: id, output_index: 0, content_index: 0 };
  const part = { type: 'output_text', text, annotations: [] };
  const done = { type: 'message', id, role: 'assistant', status: 'completed', content: [part] };
  const sse: unknown[] = [
    { type: 'response.created', response: resp('in_progress', []) },
    { type: 'response.in_progress', response: resp('in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id, role: 'assistant', status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', ...at, part: { ...part, text: '' } },
    ...deltas.map((delta) => ({ type: 'response.output_text.delta', ...at, delta })),
    { type: 'response.output_text.done', ...at, text },
    { type: 'response.content_part.done', ...at, part },
    { type: 'response.output_item.done', output_index: 0, item: done },
    { type: 'response.completed', response: { ...resp('completed', [done]), usage: usage(req, text) } },
  ];
  return { status: 200, sse, ...(pause ? { pause: { after: 5, until: pause } } : {}) };
}

export async function startAppServerMock(): Promise<AppServerMock> {
  let responses = 0;
  interface Gate {
    release: () => void;
    until: Promise<void>;
    markHeld: () => void;
    held: Promise<void>;
  }
  const gates = new Map<string, Gate>();
  const gate = (prompt: string): Gate => {
    let g = gates.get(prompt);
    if (!g) {
      const entry: Partial<Gate> = {};
      entry.until = new Promise<void>((r) => (entry.release = r));
      entry.held = new Promise<void>((r) => (entry.markHeld = r));
      g = entry as Gate;
      gates.set(prompt, g);
    }
    return g;
  };

  const server = await startMockResponsesServer({
    respond: (req) => {
      if (req.method === 'GET' && req.path.endsWith('/models')) return { status: 200, json: { models: [] } };
      if (!(req.method === 'POST' && req.path.endsWith('/responses'))) return { status: 404, json: { error: { message: `no route ${req.path}` } } };
      const n = ++responses;
      const model = isRecord(req.body) && typeof req.body.model === 'string' ? req.body.model : 'mock-model';
      const text = lastUserText(req.body) ?? '';
      const fail = /\[\[fail:(\d{3})\]\]/.exec(text);
      if (fail) return { status: Number(fail[1]), json: { error: { message: `mock failure ${fail[1]}`, type: 'server_error', code: null, param: null } } };
      const tool = /\[\[tool:(\S+) (\{.*\})\]\]/.exec(text);
      if (tool && lastInputType(req.body) !== 'function_call_output') {
        return functionCallReply(tool[1] as string, tool[2] as string, `call_mock_${n}`, { id: `resp_mock_${n}`, itemId: `fc_mock_${n}`, model });
      }
      const slow = /\[\[slow(?::(\d+):(\d+))?\]\]/.exec(text);
      if (slow) {
        const count = slow[2] ? Number(slow[2]) : 20;
        const g = gate(text);
        g.markHeld();
        return deltaReply(n, model, req, Array.from({ length: count }, (_, i) => `tick${i} `), g.until);
      }
      return deltaReply(n, model, req, ['Mock ', `reply ${n} `, `to: ${text.slice(0, ECHO_CHARS)}`]);
    },
  });
  return {
    server,
    url: server.url,
    release: (prompt) => gate(prompt).release(),
    held: (prompt) => gate(prompt).held,
    close: () => {
      for (const g of gates.values()) g.release();
      return server.close();
    },
  };
}
