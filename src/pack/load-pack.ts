// Loading a template pack directory: every file the layout names is read once, as UTF-8 bytes with
// no newline translation, and checked (present, known placeholders, JSON shape). A pack may be a stack
// of directories, top first: each file comes from the first one that has it. weft's own pack uses
// this so that a generation's folder holds only what differs from the shared files below it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PackError } from '../errors.js';
import type { PackLayout } from './pack-layout.js';
import { placeholdersOf, renderTemplate } from './template.js';

/** One pack directory, or a stack of them (top first). */
export type PackDirs = string | readonly string[];

export interface Pack {
  /** The top directory (where the pack's own files are). */
  readonly dir: string;
  /** Every directory of the stack, top first. */
  readonly dirs: readonly string[];
  readonly layout: string;
  has(file: string): boolean;
  /** The file's text exactly as stored. */
  text(file: string): string;
  /** The file's text with its placeholders filled. */
  render(file: string, vars: Readonly<Record<string, string>>): string;
  /** A JSON file, already validated against the layout's schema. */
  json<T>(file: string): T;
}

/** The directories of `dirs`, resolved, top first. */
function packDirList(dirs: PackDirs): string[] {
  const list = typeof dirs === 'string' ? [dirs] : [...dirs];
  if (list.length === 0) throw new PackError('a pack needs at least one directory', '');
  return list.map((d) => path.resolve(d));
}

/**
 * The names in each folder of a pack stack, listed once per load: a layer lacks most files of a
 * stack (a generation's folder holds only what differs), and one listing of a folder answers for all
 * its files, where looking each file up in each layer took a system call apiece.
 */
class FolderNames {
  readonly #names = new Map<string, ReadonlySet<string>>();

  has(root: string, file: string): boolean {
    const slash = file.lastIndexOf('/');
    const folder = slash < 0 ? root : `${root}/${file.slice(0, slash)}`;
    let names = this.#names.get(folder);
    if (names === undefined) this.#names.set(folder, (names = listFolder(folder)));
    return names.has(slash < 0 ? file : file.slice(slash + 1));
  }
}

function listFolder(folder: string): ReadonlySet<string> {
  try {
    return new Set(readdirSync(folder));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return new Set();
    throw new PackError(`pack folder ${folder} cannot be listed`, folder, { cause: err });
  }
}

/**
 * The text of `file` from the first directory of `roots` that has it; undefined when none has.
 * Read synchronously: a pack is about a hundred small files, and reading them through promises
 * (four thread-pool trips each) cost a one-shot `weft exec` five times the CPU of plain reads.
 */
function readLayered(roots: readonly string[], names: FolderNames, file: string): { text: string; layer: string } | undefined {
  for (const root of roots) {
    if (!names.has(root, file)) continue;
    try {
      return { text: readFileSync(`${root}/${file}`, 'utf8'), layer: root };
    } catch (err) {
      throw new PackError(`pack ${root}: ${file} cannot be read`, fullPath(root, file), { cause: err });
    }
  }
  return undefined;
}

/** Where a pack file is, as errors name it. */
const fullPath = (root: string, file: string): string => path.join(root, ...file.split('/'));

export async function loadPack(dirs: PackDirs, layout: PackLayout): Promise<Pack> {
  const roots = packDirList(dirs);
  const root = roots[0] as string;
  const texts = new Map<string, string>();
  const data = new Map<string, unknown>();
  const names = new FolderNames();

  await Promise.all(
    layout.files.map(async (spec) => {
      const found = readLayered(roots, names, spec.path);
      if (found === undefined) {
        if (spec.optional) return;
        throw new PackError(`pack ${root}: ${spec.path} is missing (layout ${layout.name} needs it)`, fullPath(root, spec.path));
      }
      const { text, layer } = found;
      const full = (): string => fullPath(layer, spec.path);
      const allowed = new Set(spec.placeholders ?? []);
      const unknown = [...placeholdersOf(text)].filter((name) => !allowed.has(name));
      if (unknown.length > 0) {
        const list = unknown.map((n) => `{{ ${n} }}`).join(', ');
        const known = allowed.size > 0 ? [...allowed].map((n) => `{{ ${n} }}`).join(', ') : 'none';
        throw new PackError(`pack ${layer}: ${spec.path} uses unknown placeholder ${list} (allowed: ${known})`, full());
      }
      texts.set(spec.path, text);
      if (spec.json) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (err) {
          throw new PackError(`pack ${layer}: ${spec.path} is not valid JSON: ${(err as Error).message}`, full());
        }
        const result = spec.json.safeParse(parsed);
        if (!result.success) {
          const issue = result.error.issues[0];
          const at = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
          throw new PackError(`pack ${layer}: ${spec.path} has the wrong shape${at}: ${issue?.message ?? 'invalid'}`, full());
        }
        data.set(spec.path, result.data);
      }
    }),
  );

  const need = (file: string): string => {
    const text = texts.get(file);
    if (text === undefined) throw new PackError(`pack ${root}: ${file} is not in this pack (layout ${layout.name})`, path.join(root, file));
    return text;
  };

  return {
    dir: root,
    dirs: roots,
    layout: layout.name,
    has: (file) => texts.has(file),
    text: need,
    render: (file, vars) => renderTemplate(need(file), vars, `pack ${root}: ${file}`),
    json: <T>(file: string): T => {
      need(file);
      return data.get(file) as T;
    },
  };
}
