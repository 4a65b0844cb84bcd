// `<environment_context>`: where the agent is working. The tag layout is Codex's (two-space indent,
// one child per line, no XML declaration); paths go in unescaped, as Codex writes them.
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { XMLBuilder } from 'fast-xml-parser';

export interface EnvironmentContext {
  readonly cwd: string;
  /** The user's shell, by name (`bash`, `zsh`…). */
  readonly shell: string;
  /** `YYYY-MM-DD`, local time (codex-0.169). */
  readonly currentDate?: string;
  /** IANA name, e.g. `Europe/Paris` (codex-0.169). */
  readonly timezone?: string;
  /** The serialized `<filesystem>` element (codex-0.169, see filesystem-profile.ts), kept on one line. */
  readonly filesystem?: string;
  /** The agents the thread spawned, by canonical path (codex-0.169 multi-agent v2), listed last. */
  readonly subagents?: readonly string[];
}

/** The spawned agents as Codex 0.169 lists them: one empty `<agent name="…" />` element a line. */
export function subagentsXml(paths: readonly string[]): string {
  return paths.map((p) => `<agent name="${xmlAttribute(p)}" />`).join('\n');
}

function xmlAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const builder = new XMLBuilder({ format: true, indentBy: '  ', processEntities: false, suppressEmptyNode: false });

export function environmentContextText(ctx: EnvironmentContext): string {
  const xml = builder.build({
    environment_context: {
      cwd: ctx.cwd,
      shell: ctx.shell,
      ...(ctx.currentDate !== undefined ? { current_date: ctx.currentDate } : {}),
      ...(ctx.timezone !== undefined ? { timezone: ctx.timezone } : {}),
      // The element is already serialized: with entity processing off the builder inserts it as is.
      ...(ctx.filesystem !== undefined ? { filesystem: ctx.filesystem.replace(/^<filesystem>|<\/filesystem>$/g, '') } : {}),
    },
  }) as string;
  const text = xml.trimEnd();
  if (ctx.subagents === undefined || ctx.subagents.length === 0) return text;
  // A block of lines of its own, each agent indented under the element (as Codex lays it out).
  const block = ['  <subagents>', ...subagentsXml(ctx.subagents).split('\n').map((line) => `    ${line}`), '  </subagents>'].join('\n');
  const close = '</environment_context>';
  return `${text.slice(0, text.length - close.length)}${block}\n${close}`;
}

/** Today's date in the process's local time zone, `YYYY-MM-DD`. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The host's IANA time zone as Codex finds it: the zone `/etc/localtime` links to (`Etc/UTC`, where
 * Node would say `UTC`), else `/etc/timezone`, else what Node reports.
 */
export function localTimeZone(): string {
  try {
    const target = readlinkSync('/etc/localtime');
    const at = target.indexOf('zoneinfo/');
    if (at >= 0) return target.slice(at + 'zoneinfo/'.length);
  } catch {
    // not a link (or no such file): try the next source
  }
  try {
    const name = readFileSync('/etc/timezone', 'utf8').trim();
    if (name !== '') return name;
  } catch {
    // absent
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The shell's name from `$SHELL`, as Codex reports it; bash when unknown. */
export function shellName(shellPath: string | undefined): string {
  if (!shellPath) return 'bash';
  return path.basename(shellPath);
}
