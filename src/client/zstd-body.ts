// Codex compresses its request bodies to the ChatGPT backend with zstd (`Content-Encoding: zstd`,
// its `enable_request_compression` feature, on by default). Node 20 has no zstd, so the codec is
// the WebAssembly build of the reference library (@bokuweb/zstd-wasm), loaded on first use; the
// bundle leaves the package outside, for it reads its .wasm file beside its own script.
import { importOutsideBundle } from '../import-outside-bundle.js';
import { bytesBody, jsonBodyBytes, type JsonBody } from './json-body.js';

interface ZstdWasm {
  init(): Promise<void>;
  compress(data: Uint8Array, level?: number): Uint8Array;
  decompress(data: Uint8Array): Uint8Array;
}

/** Codex's level (zstd's default). */
const LEVEL = 3;

let ready: Promise<ZstdWasm> | undefined;

function codec(): Promise<ZstdWasm> {
  ready ??= importOutsideBundle<ZstdWasm & { default?: ZstdWasm }>('@bokuweb/zstd-wasm').then(async (mod) => {
    const zstd = typeof mod.compress === 'function' ? mod : (mod.default as ZstdWasm);
    await zstd.init();
    return zstd;
  });
  return ready;
}

/** The body's bytes, zstd-compressed. */
export async function zstdBody(body: JsonBody): Promise<JsonBody> {
  const zstd = await codec();
  return bytesBody(Buffer.from(zstd.compress(jsonBodyBytes(body), LEVEL)));
}

/** Decompresses a zstd body (the test mock reads what it receives). */
export async function zstdDecompress(bytes: Buffer): Promise<Buffer> {
  const zstd = await codec();
  return Buffer.from(zstd.decompress(bytes));
}
