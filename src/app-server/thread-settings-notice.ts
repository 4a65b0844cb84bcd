// `thread/settings/updated` (0.169): what a thread runs with, sent when a turn/start changed it,
// before that request is answered. Codex compares the thread's settings with the ones it last
// reported and stays silent when nothing changed; the settings a thread opens with are the first
// ones reported (opening a thread sends nothing). Only clients of the experimental API hear it.
import { ReasoningEffort, ReasoningSummary } from '../../protocol/app-server/common.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { TurnSettings } from '../context/turn-settings.js';
import { turnSettingsFor } from '../engine/new-thread-context.js';
import { providerId } from '../engine/provider-settings.js';
import type { Runtime } from '../engine/runtime.js';
import { errorMessage } from '../errors.js';
import type { ThreadChannel } from './loaded-thread-ports.js';
import { v2SandboxPolicy } from './settings-params.js';

export type ThreadSettingsParams = {
  readonly threadId: string;
  readonly threadSettings: Record<string, unknown>;
};

/** The notification's params, field for field in the order Codex 0.169 sends them. */
export function threadSettingsParams(threadId: string, settings: TurnSettings, modelProvider: string): ThreadSettingsParams {
  const effort = ReasoningEffort.safeParse(settings.reasoningEffort).data ?? null;
  const mode = settings.collaborationMode;
  return {
    threadId,
    threadSettings: {
      disabledPluginIds: [],
      cwd: settings.cwd,
      environments: [{ environmentId: 'local', cwd: settings.cwd, runtimeWorkspaceRoots: [settings.cwd] }],
      approvalPolicy: settings.approvalPolicy,
      approvalsReviewer: 'user',
      sandboxPolicy: v2SandboxPolicy(settings.sandbox),
      activePermissionProfile: null,
      model: settings.model.slug,
      modelProvider,
      serviceTier: null,
      effort,
      summary: ReasoningSummary.safeParse(settings.chosenReasoningSummary).data ?? null,
      // The mode's settings follow the thread's model and effort (a turn's `effort` moves both).
      collaborationMode: { mode: mode.mode, settings: { model: settings.model.slug, reasoning_effort: effort, developer_instructions: mode.settings.developer_instructions } },
      multiAgentMode: 'explicitRequestOnly',
      personality: settings.personality ?? null,
    },
  };
}

/**
 * One loaded thread's reports: each settings change is compared, in the order the changes came,
 * with the settings last reported (at first, the ones the thread ran with before the change).
 */
export class ThreadSettingsReporter {
  #last: string | undefined;
  #chain: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(
    private readonly threadId: string,
    private readonly settingsOf: (overrides: SettingsOverrides) => Promise<TurnSettings>,
    private readonly modelProvider: () => string,
    private readonly notify: (method: string, params: ThreadSettingsParams) => void,
    private readonly log: (message: string) => void,
  ) {}

  /** Schedules the report of a change of the thread's settings from `before` to `after`. */
  changed(before: SettingsOverrides, after: SettingsOverrides): void {
    this.#pending++;
    this.#chain = this.#chain
      .then(() => this.#report(before, after))
      .catch((err: unknown) => this.log(`thread ${this.threadId}: settings not reported: ${errorMessage(err)}`))
      .finally(() => void this.#pending--);
  }

  /** Resolves once every scheduled report is sent; undefined when none is pending. */
  pending(): Promise<void> | undefined {
    return this.#pending > 0 ? this.#chain : undefined;
  }

  async #report(before: SettingsOverrides, after: SettingsOverrides): Promise<void> {
    if (this.#last === undefined) this.#last = this.#key(await this.settingsOf(before));
    const params = threadSettingsParams(this.threadId, await this.settingsOf(after), this.modelProvider());
    const key = JSON.stringify(params.threadSettings);
    if (key === this.#last) return;
    this.#last = key;
    this.notify('thread/settings/updated', params);
  }

  #key(settings: TurnSettings): string {
    return JSON.stringify(threadSettingsParams(this.threadId, settings, this.modelProvider()).threadSettings);
  }
}

/** A loaded thread's reporter, where the generation reports settings and the client hears experimental notices (else undefined). */
export function threadSettingsReporter(threadId: string, runtime: Runtime, cwd: string, channel: ThreadChannel, log: (message: string) => void): ThreadSettingsReporter | undefined {
  if (!channel.generation.reportsThreadSettings || !channel.experimental) return undefined;
  const settingsOf = async (overrides: SettingsOverrides) => (await turnSettingsFor(runtime, { cwd, overrides })).settings;
  return new ThreadSettingsReporter(threadId, settingsOf, () => providerId(runtime.config), (method, params) => channel.notifyAny(method, params), log);
}
