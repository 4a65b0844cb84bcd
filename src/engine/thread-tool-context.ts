// What a thread's tool handlers are handed for one turn: where they run, how they ask and render,
// and where their progress goes (as thread events).
import { commandEnvironment, credentialVariables } from '../config/shell-environment.js';
import type { TurnSettings } from '../context/turn-settings.js';
import type { ThreadEventListener } from '../thread/thread-events.js';
import { unavailableMessage, type Approver } from '../tools/approval.js';
import type { ToolContext } from '../tools/tool-registry.js';
import type { UserInputAsker } from '../tools/user-input/user-input-asker.js';
import type { WorkspacePorts } from '../tools/workspace-ports.js';
import type { Runtime } from './runtime.js';

const SANDBOX_DENIED_FILE = 'tool_output/sandbox_denied.md';

export function threadToolContext(
  runtime: Runtime,
  approver: Approver | undefined,
  settings: TurnSettings,
  emit: ThreadEventListener,
  askUser?: UserInputAsker,
  workspace?: WorkspacePorts,
): ToolContext {
  return {
    workspace,
    cwd: settings.cwd,
    env: runtime.env,
    commandEnv: commandEnvironment(runtime.env, runtime.config.shell_environment_policy, credentialVariables(runtime.config)),
    approvalPolicy: settings.approvalPolicy,
    sandboxMode: settings.sandbox.type,
    sandboxPolicy: settings.sandbox,
    sandboxMechanism: runtime.profile.commandSandbox,
    truncationPolicy: settings.model.truncation_policy,
    approver,
    askUser,
    collaborationMode: settings.collaborationMode.mode,
    renderExecOutput: (vars) => runtime.pack.render('tool_output/exec_command.md', { ...vars }),
    renderSandboxDenied:
      runtime.profile.toolOutputs.sandboxDenial === 'error_frame' && runtime.pack.has(SANDBOX_DENIED_FILE)
        ? (vars) => runtime.pack.render(SANDBOX_DENIED_FILE, { ...vars })
        : undefined,
    texts: runtime.toolTexts,
    style: runtime.profile.toolOutputs,
    onApprovalUnavailable: (r) => emit({ type: 'approval_unavailable', ...r, message: unavailableMessage(r) }),
    onPlanUpdate: (p) => emit({ type: 'plan_updated', callId: p.callId, explanation: p.explanation, plan: p.plan }),
    onExecEvent: (ev) => {
      if (ev.type === 'begin') emit({ type: 'command_started', callId: ev.callId, command: ev.command, cwd: ev.cwd });
      else emit({ type: 'command_finished', callId: ev.callId, command: ev.command, cwd: ev.cwd, aggregatedOutput: ev.aggregatedOutput, exitCode: ev.exitCode });
    },
    patch: {
      texts: runtime.patchTexts,
      sandbox: settings.sandbox,
      tmpdir: settings.tmpdir,
      onPatchEvent: (ev) => {
        if (ev.type === 'begin') emit({ type: 'file_change_started', callId: ev.callId, changes: ev.changes });
        else emit({ type: 'file_change_finished', callId: ev.callId, changes: ev.changes, status: ev.status });
      },
    },
  };
}
