// Ctrl-C (SIGINT) and SIGTERM (what SDKs and supervisors send to stop a run) interrupt the running
// turn instead of killing the process: the turn loop records the interruption and the thread's
// lock is released on the way out. The exit code is the shell's for that signal: 128 + its number.
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
type StopSignal = keyof typeof EXIT_CODES;

export interface InterruptSignals {
  readonly signal: AbortSignal;
  /** 130 or 143 once a signal came, else undefined. */
  exitCode(): number | undefined;
  dispose(): void;
}

export function interruptOnSignals(): InterruptSignals {
  const controller = new AbortController();
  let received: StopSignal | undefined;
  const handlers = (Object.keys(EXIT_CODES) as StopSignal[]).map((name) => {
    const handler = (): void => {
      received ??= name;
      controller.abort(new Error(`stopped by ${name}`));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    exitCode: () => (received ? EXIT_CODES[received] : undefined),
    dispose: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
