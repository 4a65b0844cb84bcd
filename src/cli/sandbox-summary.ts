// The one-line sandbox summary of the plain `exec` header (`sandbox: …`), in Codex's form: the mode,
// the writable roots of workspace-write in brackets (the working directory as `workdir`, then `/tmp`
// and `$TMPDIR` unless excluded, then the extra roots), and a note when the network is open.
import type { SandboxPolicy } from '../../protocol/rollout.js';

export function sandboxSummary(policy: SandboxPolicy, cwd: string): string {
  if (policy.type !== 'workspace-write') return policy.type;
  const labels = ['workdir'];
  if (!policy.exclude_slash_tmp) labels.push('/tmp');
  if (!policy.exclude_tmpdir_env_var) labels.push('$TMPDIR');
  for (const root of policy.writable_roots ?? []) if (root !== cwd && !labels.includes(root)) labels.push(root);
  return `workspace-write [${labels.join(', ')}]${policy.network_access ? ' (network access enabled)' : ''}`;
}
