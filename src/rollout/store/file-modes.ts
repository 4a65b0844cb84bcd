// Threads hold prompts, command output and file contents: what weft writes under its home is
// readable by its user only, whatever the umask. Files 0600, directories 0700 (as they are created;
// directories that already exist keep their mode).
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** mkdir options for a directory tree weft creates. */
export const PRIVATE_DIRS = { recursive: true, mode: PRIVATE_DIR_MODE } as const;
