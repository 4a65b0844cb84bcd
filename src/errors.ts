// weft's error hierarchy. Every error a user can meet is one of these: each names what went wrong
// and where (file, key, line, method), so the message alone is enough to act on.

export type WeftErrorCode =
  | 'config'
  | 'pack'
  | 'usage'
  | 'rollout'
  | 'api'
  | 'protocol'
  | 'tool'
  | 'io';

export class WeftError extends Error {
  readonly code: WeftErrorCode;

  constructor(code: WeftErrorCode, message: string, options?: { cause?: unknown }) {
    super(redactSecrets(message), options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** config.toml, `-c` overrides or a config value of the wrong shape. */
export class ConfigError extends WeftError {
  constructor(message: string, readonly file?: string, readonly key?: string, options?: { cause?: unknown }) {
    super('config', message, options);
  }
}

/** A template pack that is incomplete or malformed. */
export class PackError extends WeftError {
  constructor(message: string, readonly file?: string, options?: { cause?: unknown }) {
    super('pack', message, options);
  }
}

/** A command line or library call that cannot be carried out as given. */
export class UsageError extends WeftError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('usage', message, options);
  }
}

/** A rollout file that cannot be read, written or found. */
export class RolloutError extends WeftError {
  constructor(message: string, readonly file?: string, options?: { cause?: unknown }) {
    super('rollout', message, options);
  }
}

/** `last` named no thread: none is stored, or none of `cwd` when the search was limited to it. */
export class NoThreadToResumeError extends RolloutError {
  constructor(
    readonly home: string,
    readonly cwd: string | undefined,
  ) {
    super(cwd === undefined ? `no thread to resume under ${home}/sessions` : `no thread of ${cwd} to resume under ${home}/sessions`);
  }
}

/** The model provider answered with an error, or the stream broke for good. */
export class ApiError extends WeftError {
  constructor(message: string, readonly status?: number, readonly retryable = false, options?: { cause?: unknown }) {
    super('api', message, options);
  }
}

/**
 * The provider needs an API key and none is set: raised before anything is sent, so the message
 * names the variable to set rather than a server's 401.
 */
export class MissingApiKeyError extends ApiError {
  constructor(message: string, readonly variable: string) {
    super(message);
  }
}

/** A protocol message (app-server, exec events) that does not fit its schema. */
export class ProtocolError extends WeftError {
  constructor(
    message: string,
    readonly rpcCode = -32602,
    options?: { cause?: unknown },
    /** The JSON-RPC error's `data` (structured detail a client matches on), if any. */
    readonly rpcData?: unknown,
  ) {
    super('protocol', message, options);
  }
}

/** A tool could not run (bad arguments, spawn failure). */
export class ToolError extends WeftError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('tool', message, options);
  }
}

/** A file or directory weft needed could not be read or written. */
export class IoError extends WeftError {
  constructor(message: string, readonly path?: string, options?: { cause?: unknown }) {
    super('io', message, options);
  }
}

// API keys and sign-in tokens (JWTs: the ChatGPT access and id tokens) must never reach a log, a
// rollout or stderr, even inside a provider's error text.
const SECRET_PATTERNS: RegExp[] = [/\bsk-[A-Za-z0-9_-]{8,}/g, /\b(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/g, /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g];

export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (_match, bearer: string | undefined) =>
      typeof bearer === 'string' ? `${bearer}[redacted]` : '[redacted]',
    );
  }
  // The password of a URL's userinfo (`postgres://user:secret@host/db`).
  return out.replace(URL_PASSWORD, '$1[redacted]@');
}

const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;

/** Whether `err` is a system error with one of these codes (`ENOENT`, `EEXIST`, …). */
export function isErrno(err: unknown, ...codes: string[]): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && codes.includes(code);
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return redactSecrets(err.message);
  return redactSecrets(String(err));
}
