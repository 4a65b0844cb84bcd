// The prompt of a command that runs a turn, with standard input as Codex's exec reads it:
// - `-` (or no prompt, stdin not a terminal): the prompt is all of stdin;
// - a prompt and piped stdin that is not blank: stdin is appended to the prompt, after a blank
//   line, inside `<stdin>` … `</stdin>` (the closing tag on a line of its own).
// A UTF-8 byte order mark at the start of stdin is dropped.
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-options.js';

export async function promptWithStdin(given: string | undefined, io: CliIo): Promise<string> {
  const piped = io.readStdin !== undefined && !io.isTty;
  if (given !== undefined && given !== '-') {
    if (!piped) return given;
    const extra = await readAll(io);
    if (extra.trim() === '') return given;
    return `${given}\n\n<stdin>\n${extra}${extra.endsWith('\n') ? '' : '\n'}</stdin>`;
  }
  if (!piped) throw new UsageError('no prompt given: pass it as an argument, or pipe it on stdin');
  const text = await readAll(io);
  if (text.trim() === '') throw new UsageError('the prompt read from stdin is empty');
  return text;
}

async function readAll(io: CliIo): Promise<string> {
  const text = (await io.readStdin?.()) ?? '';
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
