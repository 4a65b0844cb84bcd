// The source of an exec cell's worker thread (run with `new Worker(…, { eval: true })`, so the bundle
// needs no separate file). The worker makes a `node:vm` context holding nothing but JavaScript's own
// built-ins, evaluates the prelude there (cell-prelude-source.ts), then the model's script as the body
// of an async function. Everything the script does outside itself goes through `bridge`, which only
// ever receives and returns strings: a message to the main thread per event (text, image, tool call,
// notify, yield, done, error). Tool results come back as messages and are delivered into the
// context as JSON text. Timers are the worker's own; the script never sees them. Each message says
// when it was sent, in ms of the script's own clock (`t`, from its start): the main thread tells by it
// what the script did before a yield time ran out, however late it reads the messages.
// Kept as source text (CommonJS, as eval workers run): it is never imported.
export const CELL_WORKER_SOURCE = String.raw`'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
// A script's promises that nobody awaits are dropped, as the tool description says.
process.on('unhandledRejection', () => {});
let ended = false;
let startedAt;
const scriptTime = () => (startedAt === undefined ? undefined : performance.now() - startedAt);
const post = (kind, json) => {
  if (ended) return;
  const value = JSON.parse(json);
  if (kind === 'done' || kind === 'error') ended = true;
  parentPort.postMessage({ kind: kind, value: value, t: scriptTime() });
};
const workerTimers = new Map();
let api;
function bridge(kind, json) {
  if (typeof kind !== 'string' || typeof json !== 'string') return undefined;
  if (kind === 'timer') {
    const t = JSON.parse(json);
    workerTimers.set(t.id, setTimeout(() => { workerTimers.delete(t.id); api.fire(t.id); }, t.ms).unref());
    return undefined;
  }
  if (kind === 'clear') {
    const id = JSON.parse(json);
    clearTimeout(workerTimers.get(id));
    workerTimers.delete(id);
    return undefined;
  }
  post(kind, json);
  return undefined;
}
const context = vm.createContext({}, { name: 'exec cell', codeGeneration: { strings: true, wasm: false } });
const setup = vm.runInContext(workerData.prelude, context, { filename: 'exec-prelude' });
api = setup(bridge, workerData.storedJson, workerData.toolsJson);
parentPort.on('message', (m) => {
  if (m && m.kind === 'result') api.deliver(m.id, m.ok, m.json);
});
let run;
try {
  run = vm.runInContext('(async function () {\n' + workerData.code + '\n})', context, { filename: 'exec', lineOffset: -1 });
} catch (err) {
  api.fail(String(err && err.stack ? err.stack : err));
}
// The yield time counts from here, not from the worker's start-up.
startedAt = performance.now();
parentPort.postMessage({ kind: 'started', value: null, t: 0 });
if (run) api.settle(run());
`;
