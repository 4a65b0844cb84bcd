// Telling a command the sandbox stopped from one that failed on its own, and the values of the
// pack's `tool_output/sandbox_denied.md` (Codex 0.98 reports a denial as the debug form of its
// internal error: see the pack's MANIFEST.md, "Tool outcomes").
import { constants as osConstants } from 'node:os';

// Words a refusal puts in a command's output (EPERM, EACCES, EROFS, a seccomp or Landlock refusal, a
// tool that reports a failed write). Codex's heuristic, which weft follows so that the same failures
// are offered for a retry outside the sandbox: a failed command whose output holds one of these is a
// denial, whatever its exit code, and so is one killed by SIGSYS (a seccomp filter's kill: the
// Landlock helper's filter kills a call made through a foreign system-call ABI).
const DENIAL_MARKERS = ['operation not permitted', 'permission denied', 'read-only file system', 'seccomp', 'sandbox', 'landlock', 'failed to write file'];
// The exit status of a process killed by SIGSYS, as weft reports signals (128 + the signal number).
const SIGSYS_EXIT = 128 + (osConstants.signals.SIGSYS ?? 31);

/** Whether a sandboxed command's failure looks like the sandbox's doing (never for a timeout). */
export function isLikelySandboxDenial(exitCode: number, output: string, timedOut = false): boolean {
  if (exitCode === 0 || timedOut) return false;
  if (exitCode === SIGSYS_EXIT) return true;
  const lower = output.toLowerCase();
  return DENIAL_MARKERS.some((marker) => lower.includes(marker));
}

function escapeChar(ch: string): string {
  switch (ch) {
    case '\\':
      return '\\\\';
    case '"':
      return '\\"';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '\0':
      return '\\0';
    default: {
      const code = ch.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f ? `\\u{${code.toString(16)}}` : ch;
    }
  }
}

/** The body of Rust's debug form of a string, without the quotes. */
export function debugEscape(text: string): string {
  let out = '';
  for (const ch of text) out += escapeChar(ch);
  return out;
}

/** Rust's debug form of a string: quoted and escaped. */
export function debugString(text: string): string {
  return `"${debugEscape(text)}"`;
}

/** Rust's debug form of a Duration given in nanoseconds (whole units only: `0ns`, `15ms`…). */
export function debugDuration(nanos: number): string {
  const units: [number, string][] = [
    [1e9, 's'],
    [1e6, 'ms'],
    [1e3, 'µs'],
  ];
  for (const [size, unit] of units) if (nanos >= size) return `${+(nanos / size).toFixed(9)}${unit}`;
  return `${Math.round(nanos)}ns`;
}

export interface SandboxDeniedVars {
  exit_code: string;
  stdout: string;
  stderr: string;
  aggregated_output: string;
  duration: string;
}

/**
 * The placeholders of `sandbox_denied.md`: each text is the debug form of the string escaped once more,
 * because the frame nests it inside the debug form of another string. Codex's denial carries no
 * timing (its duration is zero), so neither does this one.
 */
export function sandboxDeniedVars(exitCode: number, stdout: string, stderr: string, aggregated: string): SandboxDeniedVars {
  const nested = (text: string): string => debugEscape(debugString(text));
  return {
    exit_code: String(exitCode),
    stdout: nested(stdout),
    stderr: nested(stderr),
    aggregated_output: nested(aggregated),
    duration: debugDuration(0),
  };
}
