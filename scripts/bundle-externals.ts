// The packages the command-line bundles leave outside (scripts/build.ts), which the installed bin
// loads from node_modules: tsx registers loader hooks for extension files and must stay a package
// of its own (an optional peer dependency, absent from a plain install); the native addons
// (node-pty, better-sqlite3, fs-ext, @napi-rs/keyring) load their compiled files from paths relative
// to their own package, as zstd's WebAssembly does (the ChatGPT backend's request bodies); libsodium
// (a sealed agent task id, rare) would add megabytes of inlined WebAssembly to every start; undici is
// loaded only behind a proxy. The artifact suite
// (test/artifact/cases/outside-bundle.ts) checks that its runs load each one from the install.
export const BUNDLE_EXTERNALS = ['tsx', 'node-pty', 'better-sqlite3', 'fs-ext', '@napi-rs/keyring', 'undici', '@bokuweb/zstd-wasm', 'libsodium-wrappers'] as const;
/** Optional peers: not installed with weft, so a run can only report that they are missing. */
export const OPTIONAL_EXTERNALS: readonly string[] = ['tsx'];
