// The ES module loader's half of load-log.mjs: each URL it loads is posted back to the main thread.
let port;
export function initialize(data) {
  port = data.port;
}
export async function load(url, context, next) {
  port?.postMessage(url);
  return next(url, context);
}
