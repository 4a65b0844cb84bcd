// The 0.169 generation: today's Codex app-server protocol (shapes from its generated JSON Schema,
// behaviour from recorded sessions).
import os from 'node:os';
import { RpcErrorCode } from '../../../../protocol/app-server/jsonrpc.js';
import type { ServerContext } from '../../server-context.js';
import type { AppServerGeneration } from '../generation.js';
import { historyTurns0169 } from './history-turns.js';
import { NotificationShaper0169 } from './notification-shaper.js';
import { route0169 } from './requests.js';
import { model0169, thread0169, turn0169 } from './views.js';

/** Codex's platform names for `initialize`. */
function platform(): { platformFamily: string; platformOs: string } {
  const p = process.platform;
  return { platformFamily: p === 'win32' ? 'windows' : 'unix', platformOs: p === 'darwin' ? 'macos' : p };
}

export function generation0169(codexVersion: string): AppServerGeneration<ServerContext> {
  return {
    codexVersion,
    stampsNotifications: true,
    reportsThreadStatus: true,
    reportsThreadSettings: true,
    reportsReadState: true,
    reportsMcpStartup: true,
    uuidTurnIds: true,
    steeringJoinsRunningTurn: true,
    totalsBeforeResponse: false,
    sendsThreadCompacted: false,
    steeringCutsResponse: true,
    errorCode: (code) => (code === RpcErrorCode.invalidParams || code === RpcErrorCode.methodNotFound ? RpcErrorCode.invalidRequest : code),
    emptyInputSamples: true,
    strictInterrupt: true,
    ephemeralThreads: true,
    forkAnnouncedWithTurns: false,
    announcesArchiving: true,
    warnsOfUnknownModel: true,
    route: route0169,
    initializeResult: (userAgent, codexHome) => ({ userAgent, codexHome, ...platform() }),
    afterInitialized: (installationId) => [
      { method: 'remoteControl/status/changed', params: { status: 'disabled', serverName: os.hostname(), installationId, environmentId: null } },
    ],
    thread: thread0169,
    turn: turn0169,
    turnsFromRecords: historyTurns0169,
    openedResult: (kind, base, turns, excludeTurns = false) => {
      const settings = {
        thread: base.thread,
        model: base.model,
        modelProvider: base.modelProvider,
        serviceTier: null,
        disabledPluginIds: [],
        cwd: base.cwd,
        runtimeWorkspaceRoots: [base.cwd],
        instructionSources: [],
        approvalPolicy: base.approvalPolicy,
        approvalsReviewer: 'user',
        sandbox: base.sandbox,
        activePermissionProfile: null,
        reasoningEffort: base.reasoningEffort,
      };
      if (kind !== 'resume') return { ...settings, multiAgentMode: 'explicitRequestOnly' };
      if (excludeTurns) {
        // Cursors of thread/turns/list and thread/items/list (newest first) that start at the newest turn and item.
        return {
          ...settings,
          collaborationMode: null,
          multiAgentMode: 'explicitRequestOnly',
          initialTurnsPage: null,
          turnsBackwardsCursor: turns.length > 0 ? '0' : null,
          itemsBackwardsCursor: turns.some((t) => t.items.length > 0) ? '0' : null,
        };
      }
      return {
        ...settings,
        collaborationMode: null,
        multiAgentMode: 'explicitRequestOnly',
        // Every turn is in `thread.turns`; there is no earlier page.
        initialTurnsPage: { data: turns.map(turn0169), nextCursor: null, backwardsCursor: null },
        turnsBackwardsCursor: null,
        itemsBackwardsCursor: null,
      };
    },
    fullHistoryNotice: (method) =>
      method === 'thread/read'
        ? 'Loading a whole history with `includeTurns` is deprecated: leave it out and page with `thread/turns/list` and `thread/items/list`.'
        : 'Loading a whole history on open is deprecated: pass `excludeTurns: true` and page with `thread/turns/list` and `thread/items/list`.',
    newShaper: () => new NotificationShaper0169(),
    listResult: (data, nextCursor, readStates) => ({ data, readStates, nextCursor, backwardsCursor: null }),
    readResult: (thread, readState) => ({ thread, readState }),
    modelEntry: model0169,
  };
}
