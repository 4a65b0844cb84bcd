// The `exec` options beyond the common ones that clients of Codex pass: the sandbox shortcuts, the
// colour choice, and the options only one generation of Codex has. Each generation's `exec` refuses
// the other's (Codex 0.169 dropped `--full-auto`; Codex 0.98 has none of 0.169's additions), so weft
// refuses them the same way, as usage errors, once the configuration has named the generation.
import type { CompatProfileName, SandboxMode } from '../../protocol/config.js';
import { UsageError } from '../errors.js';
import { GENERATION_EXEC_OPTIONS, PROFILE_FACTS } from '../profile/profile-facts.js';
import type { ParsedValues } from './cli-options.js';

export const EXEC_EXTRA_OPTIONS = {
  'dangerously-bypass-approvals-and-sandbox': { type: 'boolean' },
  yolo: { type: 'boolean' },
  'full-auto': { type: 'boolean' },
  color: { type: 'string' },
  ephemeral: { type: 'boolean' },
  'ignore-user-config': { type: 'boolean' },
  'ignore-rules': { type: 'boolean' },
  'strict-config': { type: 'boolean' },
  'thread-source': { type: 'string' },
  remote: { type: 'string' },
  'remote-auth-token-env': { type: 'string' },
} as const;

export const EXEC_EXTRA_HELP = `  --dangerously-bypass-approvals-and-sandbox, --yolo
                                run commands without a sandbox (approval stays never)
  --full-auto                   codex-0.98: the workspace-write sandbox
  --color always|never|auto     accepted as codex exec takes it (weft's output has no colour)
  --ephemeral                   codex-0.169: keep the thread in memory, write no rollout
  --ignore-user-config          codex-0.169: do not read config.toml
  --ignore-rules                codex-0.169: accepted (weft loads no execpolicy rules)
  --strict-config               codex-0.169: an unknown config key is an error
  --thread-source SOURCE        codex-0.169: the new thread's source classification
  --remote ADDR                 codex-0.171: refused (weft's exec runs the thread itself, not on a remote app server)
  --remote-auth-token-env VAR   codex-0.171: the same`;

const COLORS = new Set(['always', 'never', 'auto']);

/**
 * The sandbox a shortcut asks for, checked before anything is read. As in Codex, either one wins
 * over `--sandbox`, and the two cannot be given together.
 */
export function shortcutSandbox(values: ParsedValues): SandboxMode | undefined {
  const color = values.color;
  if (typeof color === 'string' && !COLORS.has(color)) throw new UsageError(`--color ${color}: expected one of always, never, auto`);
  const bypass = values['dangerously-bypass-approvals-and-sandbox'] === true || values.yolo === true;
  if (bypass && values['full-auto'] === true) throw new UsageError('--full-auto cannot be used with --dangerously-bypass-approvals-and-sandbox');
  if (bypass) return 'danger-full-access';
  return values['full-auto'] === true ? 'workspace-write' : undefined;
}

/** @throws UsageError naming the first option given that this generation's `exec` does not have. */
export function refuseOtherGenerationOptions(values: ParsedValues, compat: CompatProfileName): void {
  const has = PROFILE_FACTS[compat].execOptions;
  for (const option of GENERATION_EXEC_OPTIONS) {
    if (values[option] === undefined || has.includes(option)) continue;
    const hint = option === 'full-auto' ? ' (Codex 0.147 removed it): use --sandbox workspace-write' : '';
    throw new UsageError(`--${option} is not an option of exec under compat ${compat}${hint}`);
  }
  // Codex 0.171 runs the turn on an app server it connects to; weft's exec has no client for that yet.
  const remote = values.remote !== undefined ? 'remote' : values['remote-auth-token-env'] !== undefined ? 'remote-auth-token-env' : undefined;
  if (remote !== undefined) {
    throw new UsageError(`--${remote}: weft exec does not run turns on a remote app server; run \`weft exec\` on that machine, or connect a client to its \`weft app-server --listen\``);
  }
}
