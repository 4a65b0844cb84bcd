// Threads, turns and items as the 0.169 protocol shows them. Key order is the order Codex 0.169
// serializes them in; fields for features weft does not have (sections, projects, moderation…)
// are present and null, as Codex sends them when those features are off.
import type { ThreadItem } from '../../../../protocol/app-server/common.js';
import type { Model as Model0098 } from '../../../../protocol/app-server/models.js';
import { threadView, type ThreadFacts } from '../../thread-view.js';
import type { EphemeralFacts, ThreadLive, TurnState } from '../generation.js';

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

export function item0169(item: ThreadItem, startedAtMs: number | null, completedAtMs: number | null): Record<string, unknown> {
  const timing = { startedAtMs, completedAtMs };
  switch (item.type) {
    case 'userMessage':
      return { type: item.type, id: item.id, clientId: null, content: item.content, ...timing };
    case 'agentMessage':
      return { type: item.type, moderation: null, id: item.id, text: item.text, phase: null, memoryCitation: null, delivery: null, questions: null, ...timing };
    case 'mcpToolCall':
      // 0.169 always sends the app fields (null without apps) in this order.
      return {
        type: item.type,
        id: item.id,
        server: item.server,
        tool: item.tool,
        status: item.status,
        arguments: item.arguments,
        appContext: null,
        pluginId: null,
        result: item.result ?? null,
        error: item.error ?? null,
        durationMs: item.durationMs ?? null,
        ...timing,
      };
    case 'commandExecution':
      // An item that names its source (a user's shell command) in 0.169's full shape and order.
      if (item.source === undefined) return { ...item, ...timing };
      return {
        type: item.type,
        id: item.id,
        pluginId: null,
        scriptPath: null,
        command: item.command,
        cwd: item.cwd,
        processId: item.processId ?? null,
        source: item.source,
        status: item.status,
        commandActions: item.commandActions,
        aggregatedOutput: item.aggregatedOutput ?? null,
        exitCode: item.exitCode ?? null,
        durationMs: item.durationMs ?? null,
        ...timing,
      };
    default:
      return { ...item, ...timing };
  }
}

export function turn0169(t: TurnState): Record<string, unknown> {
  const itemsView = t.items.length === 0 ? 'notLoaded' : t.status === 'inProgress' ? 'full' : 'summary';
  return {
    id: t.id,
    rootTurnId: t.rootTurnId ?? t.id,
    items: t.items.map((i) => item0169(i, t.startedAtMs, t.completedAtMs)),
    itemsView,
    status: t.status,
    error: t.error ? { message: t.error.message, codexErrorInfo: t.error.codexErrorInfo ?? null, additionalDetails: t.error.additionalDetails ?? null, misalignment: null } : null,
    startedAt: seconds(t.startedAtMs),
    completedAt: seconds(t.completedAtMs),
    durationMs: t.startedAtMs !== null && t.completedAtMs !== null ? t.completedAtMs - t.startedAtMs : null,
  };
}

/** A history turn (from a rollout): every item it recorded. */
export function historyTurn0169(t: TurnState): Record<string, unknown> {
  return { ...turn0169(t), itemsView: 'full' };
}

export function thread0169(facts: ThreadFacts | EphemeralFacts, turns: TurnState[], live: ThreadLive | undefined, defaultProvider: string): Record<string, unknown> {
  const base = threadView(facts as ThreadFacts, [], defaultProvider);
  const meta = facts.meta;
  return {
    id: base.id,
    environments: live ? [{ environmentId: 'local', cwd: base.cwd, runtimeWorkspaceRoots: [base.cwd] }] : null,
    extra: null,
    sessionId: base.id,
    forkedFromId: meta.forked_from_id ?? null,
    attachedToThreadId: null,
    parentThreadId: null,
    preview: base.preview,
    ephemeral: live?.ephemeral ?? false,
    section: null,
    sectionEnteredAt: null,
    projectId: null,
    historyMode: 'paginated',
    modelProvider: base.modelProvider,
    model: live?.model ?? null,
    reasoningEffort: live?.reasoningEffort ?? null,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
    recencyAt: base.updatedAt,
    status: live?.status ?? { type: 'notLoaded' },
    path: facts.path,
    cwd: base.cwd,
    cliVersion: base.cliVersion,
    originator: meta.originator,
    source: base.source,
    canAcceptDirectInput: live ? true : null,
    threadSource: null,
    agentNickname: null,
    agentRole: null,
    gitInfo: base.gitInfo ?? null,
    name: live?.name ?? facts.name ?? null,
    daybreakEnabled: null,
    turns: turns.map(historyTurn0169),
  };
}

/**
 * A model/list entry as 0.169 lists it (Codex's key order). Catalog facts weft's packs do not hold
 * (speed tiers, service tiers, access programs, availability notices) are empty or null, as Codex
 * sends them for a model that has none; `supportsPersonality` is always false in 0.169.
 */
export function model0169(m: Model0098): Record<string, unknown> {
  return {
    id: m.id,
    model: m.model,
    upgrade: m.upgrade ?? null,
    upgradeInfo: null,
    availabilityNux: null,
    displayName: m.displayName,
    description: m.description,
    modelSpecialty: null,
    hidden: false,
    supportedReasoningEfforts: m.supportedReasoningEfforts,
    defaultReasoningEffort: m.defaultReasoningEffort,
    inputModalities: m.inputModalities ?? ['text', 'image'],
    supportsPersonality: false,
    multiAgentVersion: null,
    additionalSpeedTiers: [],
    serviceTiers: [],
    defaultServiceTier: null,
    availableAccessPrograms: null,
    isDefault: m.isDefault,
  };
}

/** Token counts: 0.169 reports cache writes beside cache reads. */
export function breakdown0169(b: Record<string, unknown>): Record<string, unknown> {
  return {
    totalTokens: b.totalTokens,
    inputTokens: b.inputTokens,
    cachedInputTokens: b.cachedInputTokens,
    cacheWriteInputTokens: b.cacheWriteInputTokens ?? 0,
    outputTokens: b.outputTokens,
    reasoningOutputTokens: b.reasoningOutputTokens,
  };
}

/** The snapshot 0.169 sends when the provider reported no limits. */
export function rateLimits0169(r: Record<string, unknown>): Record<string, unknown> {
  return {
    limitId: r.limitId ?? 'codex',
    limitName: r.limitName ?? null,
    normalModelSlug: null,
    primary: r.primary ?? null,
    secondary: r.secondary ?? null,
    credits: r.credits ?? null,
    individualLimit: null,
    spendControlReached: null,
    planType: r.planType ?? null,
    rateLimitReachedType: null,
  };
}
