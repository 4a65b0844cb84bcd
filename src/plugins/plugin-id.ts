// Plugin and marketplace names as Codex keys them: a plugin is `<plugin>@<marketplace>`, and each
// part is one path segment of the plugin cache (`plugins/cache/<marketplace>/<plugin>/<version>`), so
// a name is only ASCII letters, digits, `_` and `-`: nothing that could climb out of the cache.
import { PluginError } from './plugin-error.js';

const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** A version names a cache folder too: dots and `+` are allowed, but never `.` or `..` alone. */
const VERSION = /^[A-Za-z0-9_+.-]+$/;

export interface PluginKey {
  readonly plugin: string;
  readonly marketplace: string;
}

export const isNameSegment = (s: string): boolean => SEGMENT.test(s);

export const isVersionSegment = (s: string): boolean => VERSION.test(s) && s !== '.' && s !== '..';

export function checkedSegment(what: string, s: string): string {
  if (!isNameSegment(s)) throw new PluginError(`${what} \`${s}\` may hold only ASCII letters, digits, \`_\` and \`-\``);
  return s;
}

export const pluginKeyText = (k: PluginKey): string => `${k.plugin}@${k.marketplace}`;

/** `name@marketplace` split in two; undefined when the id has no `@` (a remote plugin's id). */
export function parsePluginKey(id: string): PluginKey | undefined {
  const at = id.lastIndexOf('@');
  if (at < 0) return undefined;
  return { plugin: checkedSegment('plugin name', id.slice(0, at)), marketplace: checkedSegment('marketplace name', id.slice(at + 1)) };
}
