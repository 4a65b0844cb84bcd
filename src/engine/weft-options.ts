// What a Weft is opened with, and what opening one thread takes: the library's options, kept apart
// from the engine that reads them.
import type { Approver } from '../tools/approval.js';
import type { UserInputAsker } from '../tools/user-input/user-input-asker.js';
import type { WorkspacePorts } from '../tools/workspace-ports.js';
import type { Extension } from '../extensions/extension.js';
import type { SubagentLink } from '../profile/profile.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { PromptShapingOptions } from './sample-ports.js';
import type { RuntimeOptions } from './runtime.js';
import type { ExternalTokensRefresher } from '../auth/external-tokens.js';
import type { MemoryAuthStore } from '../auth/memory-auth.js';

export interface WeftOptions extends RuntimeOptions {
  /** Working directory of new threads (default: process.cwd()). */
  readonly cwd?: string;
  /** Who asks the user before a command runs; without one, commands needing approval are refused. */
  readonly approver?: Approver;
  /** Who answers the model's questions (request_user_input in Plan mode); absent, nobody can. */
  readonly askUser?: UserInputAsker;
  /** Recorded in session_meta as Codex does (`codex_exec`/`exec` for the exec surface). */
  readonly originator?: string;
  /** The client that named itself (app-server `initialize`): its name and version end the user agent. */
  readonly client?: { readonly name: string; readonly version: string };
  readonly source?: string;
  /** The source classification of the threads it starts (Codex 0.169's `exec --thread-source`). */
  readonly threadSource?: string;
  /** Context panels, stability tiers and history detachment for every thread's requests. */
  readonly promptShaping?: PromptShapingOptions;
  /**
   * Asked as a turn's tools are set up: the editor's files and terminals the model's reads, edits
   * and commands go through (an ACP editor's fs/* and terminal/*); undefined, weft's own.
   */
  readonly workspace?: () => WorkspacePorts | undefined;
  /**
   * An app-server's in-memory sign-in (tokens its client handed over, or any login under the
   * `ephemeral` store), read before the home's; and how the client renews the tokens it handed over.
   */
  readonly memoryAuth?: MemoryAuth;
}

export interface MemoryAuth {
  readonly store: MemoryAuthStore;
  readonly refresher?: ExternalTokensRefresher | undefined;
}

export interface OpenThreadOptions {
  readonly cwd?: string;
  readonly overrides?: SettingsOverrides;
  /** App-server resumes and forks leave the configured developer instructions out of the fresh context. */
  readonly repeatDeveloperInstructions?: boolean;
  /** Extensions of this thread only, after the Weft's own (e.g. an assembly strategy). */
  readonly extensions?: readonly Extension[];
  /** Where the new thread's rollout goes instead of the home (an ephemeral app-server thread's scratch directory). */
  readonly rolloutHome?: string;
  /**
   * startThread only: keep the thread in memory, as Codex's `--ephemeral` does: nothing is written
   * under the home, and the thread cannot be resumed once closed.
   */
  readonly ephemeral?: boolean;
  /**
   * startThread and forkThread: open the thread even when the provider's API key is not set, and let
   * the first model call report it. The app-server does, as Codex's does: a client starts threads
   * before the user logs in. The CLI checks at once, so `weft exec` fails before writing anything.
   */
  readonly keyCheckedAtFirstCall?: boolean;
  /** A child of an agent team (opened by spawn_agent): it joins its parent's team, not a new one. */
  readonly teamChild?: boolean;
  /** startThread: the team link of a sub-agent's thread (recorded in its session_meta and requests). */
  readonly subagent?: SubagentLink;
  /** startThread: base instructions of this thread only, over the configured ones (a review's guidelines). */
  readonly instructions?: string;
  /** startThread: a review thread, offered a review's tools (review-tools.ts) and leading no agent team. */
  readonly review?: boolean;
}

