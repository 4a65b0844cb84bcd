// Given to every installed `weft` the artifact suite runs (NODE_OPTIONS=--import): appends to the file
// named by WEFT_ARTIFACT_LOAD_LOG the path of each file the process loads, through require(), the ES
// module loader and process.dlopen, so the suite can check that every module the bin loads apart from its
// bundle was loaded by one of its runs.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const log = process.env.WEFT_ARTIFACT_LOAD_LOG;
if (log) {
  const seen = new Set();
  const note = (file) => {
    if (typeof file !== 'string' || seen.has(file)) return;
    seen.add(file);
    appendFileSync(log, `${file}\n`);
  };
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exports = load.apply(this, [request, parent, isMain]);
    try {
      note(Module._resolveFilename(request, parent, isMain));
    } catch {
      // A built-in or a failed resolution: nothing to note.
    }
    return exports;
  };
  // Native addons opened directly (src/flock.ts opens fs-ext's compiled file this way).
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    note(filename);
    return dlopen.call(this, module, filename, ...rest);
  };
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url) => {
    if (typeof url === 'string' && url.startsWith('file:')) note(fileURLToPath(url));
  });
  port1.unref();
  register(new URL('./load-log-hooks.mjs', import.meta.url), { data: { port: port2 }, transferList: [port2] });
}
