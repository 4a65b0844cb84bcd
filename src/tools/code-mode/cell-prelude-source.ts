// The JavaScript evaluated first inside an exec cell's `node:vm` context (see cell-worker-source.ts).
// It defines the script's globals (`tools`, `text`, `image`, `store`/`load`, `notify`, `exit`,
// `setTimeout`/`clearTimeout`, `yield_control`, `ALL_TOOLS`) as functions of the context itself, and
// hands back the few entry points the worker calls (`generatedImage` adds an image and its hint;
// `audio` throws, as weft's outputs carry no audio). The only outside function it sees is `bridge`,
// kept in a closure and called with strings only, so no object of the worker's realm (whose
// `constructor.constructor` would be the worker's own `Function`) ever reaches the script.
// Kept as source text: the worker evaluates it in the context, it is never imported.
export const CELL_PRELUDE_SOURCE = String.raw`(function () {
  'use strict';
  const g = globalThis;
  for (const name of ['WebAssembly', 'SharedArrayBuffer', 'Atomics', 'console']) delete g[name];
  return function setup(bridge, storedJson, toolsJson) {
    const send = (kind, value) => { bridge(kind, JSON.stringify(value === undefined ? null : value)); };
    const pending = new Map();
    const timers = new Map();
    let nextCall = 1;
    let nextTimer = 1;
    const stored = JSON.parse(storedJson);
    const EXIT = Object.freeze({ exit: true });
    const asText = (value) => {
      if (typeof value === 'string') return value;
      if (value === undefined) return 'undefined';
      try {
        const json = JSON.stringify(value);
        return json === undefined ? String(value) : json;
      } catch (err) {
        return String(value);
      }
    };
    const meta = JSON.parse(toolsJson);
    const tools = Object.create(null);
    for (const tool of meta) {
      tools[tool.global] = function (input) {
        let json;
        try {
          json = JSON.stringify(input === undefined ? null : input);
        } catch (err) {
          return Promise.reject(new TypeError('tools.' + tool.global + ': the input cannot be serialized as JSON'));
        }
        return new Promise((resolve, reject) => {
          const id = nextCall++;
          pending.set(id, { resolve, reject });
          bridge('tool', JSON.stringify({ id: id, name: tool.name, input: JSON.parse(json === undefined ? 'null' : json) }));
        });
      };
    }
    const imageItem = (value, detail) => {
      let url;
      let itemDetail;
      if (typeof value === 'string') url = value;
      else if (value && typeof value === 'object' && typeof value.image_url === 'string') {
        url = value.image_url;
        itemDetail = value.detail;
      } else if (value && typeof value === 'object' && value.type === 'image' && typeof value.data === 'string') {
        url = 'data:' + String(value.mimeType || 'image/png') + ';base64,' + value.data;
      } else throw new TypeError('image() takes a data: URL, an { image_url } object or an MCP image block');
      if (detail !== undefined && detail !== null) itemDetail = detail;
      const item = { image_url: url };
      if (typeof itemDetail === 'string') item.detail = itemDetail;
      return item;
    };
    const define = (name, value) => Object.defineProperty(g, name, { value: value, writable: false, configurable: false, enumerable: false });
    define('tools', Object.freeze(tools));
    define('ALL_TOOLS', Object.freeze(meta.map((t) => Object.freeze({ name: t.global, description: t.description }))));
    define('text', function text(value) { send('text', asText(value)); });
    define('image', function image(value, detail) { send('image', imageItem(value, detail)); });
    define('generatedImage', function generatedImage(result) {
      const url = result && typeof result === 'object' ? result.image_url : undefined;
      if (typeof url !== 'string' || /^https?:/i.test(url)) throw new TypeError('generatedImage() takes { image_url } with a data: URL');
      send('image', { image_url: url });
      if (typeof result.output_hint === 'string' && result.output_hint !== '') send('text', result.output_hint);
    });
    // weft's tool outputs carry text and images only, so audio is refused rather than dropped.
    define('audio', function audio() { throw new TypeError('audio() output is not supported here'); });
    define('store', function store(key, value) {
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError('store(' + JSON.stringify(String(key)) + '): only JSON-serializable values can be stored');
      stored[String(key)] = JSON.parse(json);
    });
    define('load', function load(key) {
      const k = String(key);
      return Object.prototype.hasOwnProperty.call(stored, k) ? JSON.parse(JSON.stringify(stored[k])) : undefined;
    });
    define('notify', function notify(value) {
      const t = asText(value);
      if (t.trim() === '') throw new TypeError('notify() needs non-empty text');
      send('notify', t);
    });
    define('yield_control', function yield_control() { send('yield', null); });
    define('exit', function exit() { throw EXIT; });
    define('setTimeout', function setTimeout(callback, delayMs) {
      if (typeof callback !== 'function') throw new TypeError('setTimeout() needs a function');
      const id = nextTimer++;
      timers.set(id, callback);
      send('timer', { id: id, ms: Math.max(0, Number(delayMs) || 0) });
      return id;
    });
    define('clearTimeout', function clearTimeout(id) {
      if (timers.delete(id)) send('clear', id);
    });
    const describe = (err) => {
      if (err && typeof err === 'object' && typeof err.stack === 'string') return err.stack;
      return asText(err);
    };
    const finish = () => ({ stored: stored });
    return {
      settle(promise) {
        promise.then(
          () => send('done', finish()),
          (err) => (err === EXIT ? send('done', finish()) : send('error', { message: describe(err), stored: stored })),
        );
      },
      fail(message) {
        send('error', { message: message, stored: stored });
      },
      deliver(id, ok, json) {
        const call = pending.get(id);
        if (!call) return;
        pending.delete(id);
        if (ok) call.resolve(JSON.parse(json));
        else call.reject(new Error(JSON.parse(json)));
      },
      fire(id) {
        const callback = timers.get(id);
        if (!callback) return;
        timers.delete(id);
        try {
          callback();
        } catch (err) {
          if (err === EXIT) send('done', finish());
          else send('error', { message: describe(err), stored: stored });
        }
      },
    };
  };
})()`;
