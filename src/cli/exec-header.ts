// The settings block of the plain `exec` header, as Codex lists them: workdir, model, provider,
// approval, sandbox, the reasoning settings (for a provider on the Responses wire), then the session
// id. Values are the thread's effective settings for its next turn.
import type { TurnSettings } from '../context/turn-settings.js';
import { providerId, providerSettings } from '../engine/provider-settings.js';
import type { Runtime } from '../engine/runtime.js';
import type { ExecHeader } from './exec-human-output.js';
import { sandboxSummary } from './sandbox-summary.js';

export function execHeader(runtime: Runtime, settings: TurnSettings, threadId: string, prompt: string): ExecHeader {
  const entries: Array<readonly [string, string]> = [
    ['workdir', settings.cwd],
    ['model', settings.model.slug],
    ['provider', providerId(runtime.config)],
    ['approval', settings.approvalPolicy],
    ['sandbox', sandboxSummary(settings.sandbox, settings.cwd)],
  ];
  if (wire(runtime) === 'responses') {
    // Codex 0.98 shows the summary it sends by default; later generations only a configured one.
    const older = runtime.profile.protocolGeneration === '0.98';
    entries.push(['reasoning effort', settings.reasoningEffort ?? 'none']);
    entries.push(['reasoning summaries', (older ? settings.reasoningSummary : settings.chosenReasoningSummary) ?? 'none']);
  }
  entries.push(['session id', threadId]);
  return { codexVersion: runtime.profile.cliVersion, researchPreview: runtime.profile.protocolGeneration === '0.98', entries, prompt };
}

function wire(runtime: Runtime): string {
  try {
    return providerSettings(runtime.config, runtime.configFile, runtime.env).wireApi;
  } catch {
    // A provider problem is reported when the turn starts; the header still shows the rest.
    return 'responses';
  }
}
