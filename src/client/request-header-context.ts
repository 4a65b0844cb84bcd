// What a generation's request headers are made from (the rendered request aside): see
// src/profile/<generation>/request-headers.ts. Credentials are not here; the client adds them.
export interface RequestHeaderContext {
  /** Codex's originator (`codex_exec`, or the app-server client's name). */
  readonly originator: string;
  /** The client that named itself (app-server `initialize`). */
  readonly client?: { readonly name: string; readonly version: string } | undefined;
  /** The thread talks to the built-in `openai` provider. */
  readonly builtinProvider: boolean;
  /** `[features] remote_compaction` is on (0.169 announces it as a beta feature). */
  readonly remoteCompaction: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The requests go to the ChatGPT backend under a ChatGPT sign-in (0.169 adds its routing hint). */
  readonly signedInWithChatGpt?: boolean | undefined;
  /** Whether the catalog's entry of a model has `use_responses_lite` (0.169 says so in a header). */
  readonly responsesLite?: ((model: string) => boolean) | undefined;
}
