// The seam through which the model's file reads, edits and commands may go somewhere other than
// weft's own process: an editor that offers its buffers and terminals (`weft acp` over ACP's
// fs/* and terminal/*). The tools declare the ports; a surface implements them and the engine hands
// them to a turn's tool context. Without a port, the tools read, write and spawn locally as always.
// The tools keep every check they make today: approvals, the sandbox policy's writable roots (an
// edit outside them never reaches the port) and the sandbox a command runs in (its wrapped argv is
// what the port is asked to run).

/** A started command as the exec tools read it: output until `closed`, then its exit code. */
export interface RunningCommand {
  /** The process id, for a command weft started itself. */
  readonly pid?: number;
  readonly tty: boolean;
  onData(listener: (chunk: Buffer) => void): void;
  /** Resolves once the command exited and its output is read. */
  readonly closed: Promise<{ exitCode: number }>;
  /** Writes to the command's stdin; false when it has none. */
  write(data: string): boolean;
  /** Stops the command (the whole of it). */
  kill(): void;
}

/** One command to start: the argv already wrapped in the thread's sandbox. */
export interface CommandStart {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The tool call that runs it (the editor shows the command's output on that call). */
  readonly callId: string;
}

/** Starts the model's commands somewhere else (an editor's terminal). Rejects when it cannot. */
export interface CommandRunner {
  start(command: CommandStart): Promise<RunningCommand>;
}

/** Reads and writes text files through someone else (an editor's buffers). Each rejects when it cannot. */
export interface WorkspaceFiles {
  /** The file's text as the editor has it (unsaved changes included); absent, files are read locally. */
  readonly readTextFile?: ((path: string) => Promise<string>) | undefined;
  /** Writes the whole text of a file; absent, files are written locally. */
  readonly writeTextFile?: ((path: string, content: string) => Promise<void>) | undefined;
}

/** What a turn's tools use instead of weft's own file system and processes; any part may be absent. */
export interface WorkspacePorts {
  readonly files?: WorkspaceFiles | undefined;
  readonly commands?: CommandRunner | undefined;
}
