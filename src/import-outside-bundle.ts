// `import()` of a module that stays outside the bin's bundle (undici, node-pty, tsx, an extension
// file). The bin runs the bundle as a `vm.Script` compiled from V8's code cache, and under Node 20 a
// function read back from that cache has lost the script's import hook: its `import()` fails with
// "A dynamic import callback was not specified". The bin's loader (cli/code-cache.ts) therefore
// lends the bundle an importer of its own under a global symbol; outside the bundle (the library,
// the sources run by tsx) there is none, and Node's `import()` is used as is.
const IMPORTER = Symbol.for('weft.importOutsideBundle');

type Importer = (specifier: string) => Promise<unknown>;

export function importOutsideBundle<T>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, Importer | undefined>)[IMPORTER];
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}

/** Called by the bundle's loader, whose own `import()` works. */
export function lendImporter(importer: Importer): void {
  (globalThis as Record<symbol, Importer | undefined>)[IMPORTER] = importer;
}
