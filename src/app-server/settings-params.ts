// Protocol params → weft settings, and weft settings → the protocol's view of them. Thread-level
// params that only config.toml can express (provider, base instructions, the `config` map) become
// `-c key=value` overrides of a runtime of their own.
import { ReasoningEffort, type AskForApproval, type CollaborationMode, type SandboxPolicy as V2SandboxPolicy } from '../../protocol/app-server/common.js';
import type { ThreadStartParams, ThreadForkParams, ThreadResumeParams } from '../../protocol/app-server/thread.js';
import type { TurnStartParams } from '../../protocol/app-server/turn.js';
import type { SandboxPolicy } from '../../protocol/rollout.js';
import type { SettingsOverrides } from '../config/resolve-settings.js';
import type { TurnSettings } from '../context/turn-settings.js';

type OpenParams = ThreadStartParams | ThreadResumeParams | ThreadForkParams;

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;

export function threadOverrides(params: OpenParams): SettingsOverrides {
  return defined({
    model: params.model ?? undefined,
    cwd: params.cwd ?? undefined,
    approvalPolicy: params.approvalPolicy ?? undefined,
    sandboxMode: params.sandbox ?? undefined,
    personality: 'personality' in params ? (params.personality ?? undefined) : undefined,
    developerInstructions: params.developerInstructions ?? undefined,
  });
}

/** A JSON value as a TOML literal for `-c key=value`. */
function tomlLiteral(v: unknown): string | undefined {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(tomlLiteral);
    return parts.every((p) => p !== undefined) ? `[${parts.join(', ')}]` : undefined;
  }
  return undefined;
}

function flatten(prefix: string, value: unknown, out: string[]): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix === '' ? k : `${prefix}.${k}`, v, out);
    return;
  }
  const literal = tomlLiteral(value);
  if (literal !== undefined && prefix !== '') out.push(`${prefix}=${literal}`);
}

/** `-c` overrides for the params config.toml has keys for; empty when none are given. */
export function configOverridesOf(params: OpenParams): string[] {
  const out: string[] = [];
  if (params.config) flatten('', params.config, out);
  if (params.modelProvider) out.push(`model_provider=${JSON.stringify(params.modelProvider)}`);
  if (params.baseInstructions) out.push(`instructions=${JSON.stringify(params.baseInstructions)}`);
  return out;
}

function sandboxMode(policy: V2SandboxPolicy): SettingsOverrides['sandboxMode'] {
  switch (policy.type) {
    case 'readOnly':
      return 'read-only';
    case 'workspaceWrite':
      return 'workspace-write';
    // An external sandbox means the client confines the process itself: weft runs unrestricted.
    case 'dangerFullAccess':
    case 'externalSandbox':
      return 'danger-full-access';
  }
}

export function collaborationOverrides(mode: CollaborationMode): SettingsOverrides {
  return defined({
    collaborationMode: {
      mode: mode.mode,
      settings: {
        model: mode.settings.model,
        reasoning_effort: mode.settings.reasoning_effort ?? null,
        developer_instructions: mode.settings.developer_instructions ?? null,
      },
    },
    // The mode's settings take precedence over the turn's model and effort.
    model: mode.settings.model,
    reasoningEffort: mode.settings.reasoning_effort ?? undefined,
  });
}

/** Settings of `turn/start`: they hold for this turn and the thread's later ones. */
export function turnOverrides(params: TurnStartParams): SettingsOverrides {
  const base: SettingsOverrides = defined({
    model: params.model ?? undefined,
    cwd: params.cwd ?? undefined,
    approvalPolicy: params.approvalPolicy ?? undefined,
    personality: params.personality ?? undefined,
    reasoningEffort: params.effort ?? undefined,
    reasoningSummary: params.summary ?? undefined,
    ...(params.sandboxPolicy
      ? {
          sandboxMode: sandboxMode(params.sandboxPolicy),
          ...(params.sandboxPolicy.type === 'workspaceWrite' && params.sandboxPolicy.writableRoots
            ? { additionalWritableRoots: params.sandboxPolicy.writableRoots }
            : {}),
        }
      : {}),
  });
  return params.collaborationMode ? { ...base, ...collaborationOverrides(params.collaborationMode) } : base;
}

export function hasOverrides(o: SettingsOverrides): boolean {
  return Object.values(o).some((v) => v !== undefined);
}

/** weft's sandbox policy in the protocol's camelCase shape. */
export function v2SandboxPolicy(policy: SandboxPolicy): V2SandboxPolicy {
  switch (policy.type) {
    case 'read-only':
      return { type: 'readOnly' };
    case 'danger-full-access':
      return { type: 'dangerFullAccess' };
    case 'workspace-write':
      return {
        type: 'workspaceWrite',
        writableRoots: policy.writable_roots ?? [],
        networkAccess: policy.network_access,
        excludeTmpdirEnvVar: policy.exclude_tmpdir_env_var,
        excludeSlashTmp: policy.exclude_slash_tmp,
      };
  }
}

/** The settings part of a start/resume/fork answer. */
export function settingsView(settings: TurnSettings, modelProvider: string) {
  return {
    model: settings.model.slug,
    modelProvider,
    cwd: settings.cwd,
    approvalPolicy: settings.approvalPolicy as AskForApproval,
    sandbox: v2SandboxPolicy(settings.sandbox),
    // Efforts newer than the 0.98 protocol knows are not shown.
    reasoningEffort: ReasoningEffort.safeParse(settings.reasoningEffort).data ?? null,
  };
}
