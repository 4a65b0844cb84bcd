// Which 0.169 request runs what: each method weft serves has its 0.169 params schema (checked
// first, with the deserializer's error wording), then is handed to weft's handler in the form the
// handlers take. Methods of features weft does not have get a clear error naming the feature;
// a name the protocol does not have is an unknown variant, as Codex answers it.
import { z } from 'zod';
import { ReasoningEffort } from '../../../../protocol/app-server/common.js';
import { CLIENT_REQUESTS, type ClientRequestMethod } from '../../../../protocol/app-server/methods.js';
import { CLIENT_REQUEST_METHODS_0169 } from '../../../../protocol/app-server/v0169/method-names.js';
import { PARAMS_0169, type Method0169 } from '../../../../protocol/app-server/v0169/method-params.js';
import { configBatchWrite, configRead, configRequirementsRead, configValueWrite } from '../../handlers/config-methods.js';
import { HANDLERS } from '../../handlers/index.js';
import {
  NudgeParams,
  accountGatewayOAuthCancel,
  accountGatewayOAuthLogin,
  accountGatewayOAuthRead,
  accountRateLimitsRead,
  accountSecuritySetupRead,
  accountSendAddCreditsNudgeEmail,
  accountWorkspaceMessagesRead,
} from '../../handlers/account-backend.js';
import { ResetCreditConsumeParams, UsageReadParams, accountRateLimitResetCreditConsume, accountUsageRead } from '../../handlers/account-usage.js';
import { AccountReadParams, LoginCancelParams, LoginStartParams, accountLoginCancel, accountLoginStart, accountLogout, accountRead } from '../../handlers/account-sign-in.js';
import { mcpServerReload } from '../../handlers/mcp-reload.js';
import type { HandlerResult } from '../../handlers/handler.js';
import { skillsList } from '../../handlers/skills-list.js';
import { threadUnsubscribe } from '../../handlers/thread-unsubscribe.js';
import { permissionProfileList } from '../../handlers/permission-profile-list.js';
import { threadDelete } from '../../handlers/thread-delete.js';
import { threadAttachmentAdd, threadAttachmentList, threadAttachmentOwnerList, threadAttachmentRemove } from '../../handlers/thread-attachments.js';
import { threadMetadataUpdate } from '../../handlers/thread-metadata-update.js';
import { feedbackSave, feedbackUpload } from '../../handlers/feedback.js';
import { threadInjectItems } from '../../handlers/thread-inject-items.js';
import { threadShellCommand } from '../../handlers/thread-shell-command.js';
import { threadApproveGuardianDeniedAction } from '../../handlers/thread-approve-guardian-denied-action.js';
import { reviewStart } from '../../handlers/review-start.js';
import { modelProviderConfigWrite } from '../../handlers/model-provider-config-write.js';
import { skillsConfigWrite } from '../../handlers/skills-config-write.js';
import { threadSectionCreate, threadSectionDelete, threadSectionList, threadSectionMove, threadSectionUpdate } from '../../handlers/thread-sections.js';
import { fsCopy } from '../../handlers/fs-copy.js';
import { fsCreateDirectory } from '../../handlers/fs-create-directory.js';
import { fsGetMetadata } from '../../handlers/fs-get-metadata.js';
import { fsReadDirectory } from '../../handlers/fs-read-directory.js';
import { fsReadFile } from '../../handlers/fs-read-file.js';
import { fsRemove } from '../../handlers/fs-remove.js';
import { fsUnwatch, fsWatch } from '../../handlers/fs-watch.js';
import { fsWriteFile } from '../../handlers/fs-write-file.js';
import { externalAgentConfigDetect, externalAgentConfigImport, externalAgentConfigReadHistories, externalAgentConfigRecordHistory } from '../../handlers/external-agent-config.js';
import { hooksList } from '../../handlers/hooks-list.js';
import { fuzzyFileSearch } from '../../handlers/fuzzy-file-search.js';
import { experimentalFeatureEnablementSet, experimentalFeatureList } from '../../handlers/experimental-features.js';
import { commandExec, commandExecResize, commandExecTerminate, commandExecWrite } from '../../handlers/command-exec.js';
import { modelProviderCapabilitiesRead, modelProviderList } from '../../handlers/model-provider-list.js';
import { skillsExtraRootsSet } from '../../handlers/skills-extra-roots-set.js';
import { windowsSandboxReadiness, windowsSandboxSetupStart } from '../../handlers/windows-sandbox.js';
import { threadGoalClear } from '../../handlers/thread-goal-clear.js';
import { threadGoalGet } from '../../handlers/thread-goal-get.js';
import { threadGoalSet } from '../../handlers/thread-goal-set.js';
import { threadList } from '../../handlers/thread-queries.js';
import { threadItemsList, threadRevert, threadTurnsList } from '../../handlers/thread-pages.js';
import { appInstalled, appList, appRead } from '../../handlers/apps.js';
import { marketplaceAdd, marketplaceRemove, marketplaceUpgrade } from '../../handlers/marketplace-methods.js';
import { pluginInstall, pluginInstalled, pluginList, pluginRead, pluginReconcile, pluginSkillRead, pluginUninstall } from '../../handlers/plugin-methods.js';
import { pluginShareCheckout, pluginShareDelete, pluginShareList, pluginShareSave, pluginShareUpdateTargets } from '../../handlers/plugin-share.js';
import * as PP from '../../../../protocol/app-server/v0169/plugin-params.js';
import { parseParams, rpcError } from '../../rpc-errors.js';
import type { ServerContext } from '../../server-context.js';
import type { RoutedRequest } from '../generation.js';
import { parseParams0169, unknownVariant } from './serde-errors.js';

type Run = (ctx: ServerContext, params: unknown, wire: Record<string, unknown>) => HandlerResult | Promise<HandlerResult>;

export interface Route {
  readonly params: z.ZodType;
  readonly run: Run;
  readonly experimental?: boolean;
}

type Params = Record<string, unknown>;

function weftInput(input: Params): Params {
  if (input.type === 'audio' || input.type === 'localAudio') throw rpcError.invalidRequest('audio input is not supported by weft; send text or images');
  if (input.type === 'image' && typeof input.url !== 'string') throw rpcError.invalidRequest('image input by `fileId` is not supported by weft; send a `url` or a `localImage`');
  return input;
}

/** 0.169 params in the form weft's handlers take (values the 0.98 shapes cannot hold are mapped or refused). */
function weftForm(p: Params): Params {
  const out: Params = { ...p };
  // Granular approval rules ask before what the sandbox does not allow: weft's on-request.
  if (typeof out.approvalPolicy === 'object' && out.approvalPolicy !== null) out.approvalPolicy = 'on-request';
  if (out.effort !== undefined && out.effort !== null && !ReasoningEffort.safeParse(out.effort).success) delete out.effort;
  if (Array.isArray(out.input)) out.input = (out.input as Params[]).map(weftInput);
  return out;
}

/** A 0.98 handler behind its 0.169 params schema (or `params`, for a method only clients of 0.98 call). */
function weft(method: Exclude<ClientRequestMethod, 'initialize'>, params?: z.ZodType, experimental = false): Route {
  const handler = HANDLERS[method] as (ctx: ServerContext, params: unknown, wire?: Params) => HandlerResult | Promise<HandlerResult>;
  const schema = params ?? (PARAMS_0169[method as Method0169] as z.ZodType | null | undefined) ?? z.object({});
  return {
    params: schema,
    experimental,
    run: (ctx, parsed, wire) => handler(ctx, parseParams(method, CLIENT_REQUESTS[method].params, weftForm(parsed as Params)), wire),
  };
}

/** A 0.169 method whose params weft checks with a schema of its own (the variants it serves). */
function checked<S extends z.ZodType>(params: S, run: (ctx: ServerContext, params: z.infer<S>) => HandlerResult | Promise<HandlerResult>): Route {
  return { params, run: (ctx, parsed) => run(ctx, parsed as z.infer<S>) };
}

/** A 0.169-only method: its handler takes the 0.169 params as parsed. */
function own<M extends Method0169>(method: M, run: (ctx: ServerContext, params: never) => HandlerResult | Promise<HandlerResult>): Route {
  return { params: (PARAMS_0169[method] as z.ZodType | null) ?? z.unknown(), run: (ctx, parsed) => run(ctx, parsed as never) };
}

export const ROUTES_0169: Readonly<Record<string, Route>> = {
  'thread/start': weft('thread/start'),
  'thread/resume': weft('thread/resume'),
  'thread/fork': weft('thread/fork'),
  'thread/archive': weft('thread/archive'),
  'thread/unarchive': weft('thread/unarchive'),
  'thread/name/set': weft('thread/name/set'),
  'thread/compact/start': weft('thread/compact/start'),
  'thread/rollback': weft('thread/rollback'),
  'thread/list': own('thread/list', threadList),
  'thread/loaded/list': weft('thread/loaded/list'),
  'thread/read': weft('thread/read'),
  'turn/start': weft('turn/start'),
  'turn/steer': weft('turn/steer'),
  'turn/interrupt': weft('turn/interrupt'),
  'model/list': weft('model/list'),
  'collaborationMode/list': weft('collaborationMode/list', z.object({}), true),
  'thread/turns/list': own('thread/turns/list', threadTurnsList),
  'thread/items/list': own('thread/items/list', threadItemsList),
  'thread/revert': own('thread/revert', threadRevert),
  'config/read': own('config/read', configRead),
  'config/value/write': own('config/value/write', configValueWrite),
  'config/batchWrite': own('config/batchWrite', configBatchWrite),
  'configRequirements/read': own('configRequirements/read', configRequirementsRead),
  // MCP: the schemas are the 0.169 ones already (protocol/app-server/mcp.ts).
  'mcpServerStatus/list': weft('mcpServerStatus/list', CLIENT_REQUESTS['mcpServerStatus/list'].params),
  'mcpServer/tool/call': weft('mcpServer/tool/call', CLIENT_REQUESTS['mcpServer/tool/call'].params),
  'mcpServer/resource/read': weft('mcpServer/resource/read', CLIENT_REQUESTS['mcpServer/resource/read'].params),
  'mcpServer/oauth/login': weft('mcpServer/oauth/login', CLIENT_REQUESTS['mcpServer/oauth/login'].params),
  'config/mcpServer/reload': own('config/mcpServer/reload', mcpServerReload),
  'account/read': checked(AccountReadParams, accountRead),
  'account/login/start': checked(LoginStartParams, accountLoginStart),
  'account/login/cancel': checked(LoginCancelParams, accountLoginCancel),
  'account/logout': checked(z.null().or(z.object({})).optional(), (ctx) => accountLogout(ctx)),
  'account/rateLimits/read': checked(z.unknown(), (ctx) => accountRateLimitsRead(ctx)),
  'account/workspaceMessages/read': checked(z.unknown(), (ctx) => accountWorkspaceMessagesRead(ctx)),
  'account/securitySetup/read': checked(z.unknown(), (ctx) => accountSecuritySetupRead(ctx)),
  'account/sendAddCreditsNudgeEmail': checked(NudgeParams, accountSendAddCreditsNudgeEmail),
  'account/usage/read': checked(UsageReadParams, accountUsageRead),
  'account/rateLimitResetCredit/consume': checked(ResetCreditConsumeParams, accountRateLimitResetCreditConsume),
  'account/gatewayOAuth/read': checked(z.unknown(), (ctx) => accountGatewayOAuthRead(ctx)),
  'account/gatewayOAuth/login': checked(z.unknown(), () => accountGatewayOAuthLogin()),
  'account/gatewayOAuth/cancel': checked(z.unknown(), () => accountGatewayOAuthCancel()),
  'thread/unsubscribe': own('thread/unsubscribe', threadUnsubscribe),
  'skills/list': own('skills/list', skillsList),
  'permissionProfile/list': own('permissionProfile/list', permissionProfileList),
  'thread/delete': own('thread/delete', threadDelete),
  'threadSection/list': own('threadSection/list', threadSectionList),
  'threadSection/create': own('threadSection/create', threadSectionCreate),
  'threadSection/update': own('threadSection/update', threadSectionUpdate),
  'threadSection/delete': own('threadSection/delete', threadSectionDelete),
  'thread/section/move': own('thread/section/move', threadSectionMove),
  'thread/attachment/add': own('thread/attachment/add', threadAttachmentAdd),
  'thread/attachment/list': own('thread/attachment/list', threadAttachmentList),
  'thread/attachment/remove': own('thread/attachment/remove', threadAttachmentRemove),
  'thread/attachmentOwner/list': own('thread/attachmentOwner/list', threadAttachmentOwnerList),
  'thread/metadata/update': own('thread/metadata/update', threadMetadataUpdate),
  'skills/config/write': own('skills/config/write', skillsConfigWrite),
  'modelProvider/config/write': own('modelProvider/config/write', modelProviderConfigWrite),
  'feedback/save': own('feedback/save', feedbackSave),
  'feedback/upload': own('feedback/upload', feedbackUpload),
  'thread/inject_items': own('thread/inject_items', threadInjectItems),
  'thread/shellCommand': own('thread/shellCommand', threadShellCommand),
  'thread/approveGuardianDeniedAction': own('thread/approveGuardianDeniedAction', threadApproveGuardianDeniedAction),
  'review/start': own('review/start', reviewStart),
  'modelProvider/list': own('modelProvider/list', modelProviderList),
  'modelProvider/capabilities/read': own('modelProvider/capabilities/read', modelProviderCapabilitiesRead),
  'hooks/list': own('hooks/list', hooksList),
  'skills/extraRoots/set': own('skills/extraRoots/set', skillsExtraRootsSet),
  'windowsSandbox/readiness': own('windowsSandbox/readiness', windowsSandboxReadiness),
  'windowsSandbox/setupStart': own('windowsSandbox/setupStart', windowsSandboxSetupStart),
  'externalAgentConfig/detect': own('externalAgentConfig/detect', externalAgentConfigDetect),
  'externalAgentConfig/import/readHistories': own('externalAgentConfig/import/readHistories', externalAgentConfigReadHistories),
  // Params as the schema has them (nothing of them is used).
  'externalAgentConfig/import': { params: z.object({}).passthrough(), run: externalAgentConfigImport },
  'externalAgentConfig/import/recordHistory': { params: z.object({}).passthrough(), run: externalAgentConfigRecordHistory },
  fuzzyFileSearch: own('fuzzyFileSearch', fuzzyFileSearch),
  'experimentalFeature/list': own('experimentalFeature/list', experimentalFeatureList),
  'experimentalFeature/enablement/set': own('experimentalFeature/enablement/set', experimentalFeatureEnablementSet),
  'command/exec': own('command/exec', commandExec),
  'command/exec/write': own('command/exec/write', commandExecWrite),
  'command/exec/terminate': own('command/exec/terminate', commandExecTerminate),
  'command/exec/resize': own('command/exec/resize', commandExecResize),
  'fs/readFile': own('fs/readFile', fsReadFile),
  'fs/writeFile': own('fs/writeFile', fsWriteFile),
  'fs/createDirectory': own('fs/createDirectory', fsCreateDirectory),
  'fs/getMetadata': own('fs/getMetadata', fsGetMetadata),
  'fs/readDirectory': own('fs/readDirectory', fsReadDirectory),
  'fs/remove': own('fs/remove', fsRemove),
  'fs/copy': own('fs/copy', fsCopy),
  'fs/watch': own('fs/watch', fsWatch),
  'fs/unwatch': own('fs/unwatch', fsUnwatch),
  'thread/goal/set': { params: z.unknown(), run: (ctx, parsed) => threadGoalSet(ctx, parsed) },
  'thread/goal/get': { params: z.unknown(), run: (ctx, parsed) => threadGoalGet(ctx, parsed) },
  'thread/goal/clear': { params: z.unknown(), run: (ctx, parsed) => threadGoalClear(ctx, parsed) },
  // Plugins and apps (src/plugins/; handlers/plugin-*.ts, marketplace-methods.ts, apps.ts).
  'marketplace/add': checked(PP.MarketplaceAddParams0169, marketplaceAdd),
  'marketplace/remove': checked(PP.MarketplaceRemoveParams0169, marketplaceRemove),
  'marketplace/upgrade': checked(PP.MarketplaceUpgradeParams0169.nullish(), (ctx, p) => marketplaceUpgrade(ctx, p ?? {})),
  'plugin/list': checked(PP.PluginListParams0169.nullish(), (ctx, p) => pluginList(ctx, p ?? {})),
  'plugin/installed': checked(PP.PluginInstalledParams0169.nullish(), (ctx, p) => pluginInstalled(ctx, p ?? {})),
  'plugin/reconcile': checked(PP.PluginReconcileParams0169.nullish(), () => pluginReconcile()),
  'plugin/read': checked(PP.PluginReadParams0169, pluginRead),
  'plugin/skill/read': checked(PP.PluginSkillReadParams0169, pluginSkillRead),
  'plugin/install': checked(PP.PluginInstallParams0169, pluginInstall),
  'plugin/uninstall': checked(PP.PluginUninstallParams0169, pluginUninstall),
  'plugin/share/save': checked(PP.PluginShareSaveParams0169, pluginShareSave),
  'plugin/share/updateTargets': checked(PP.PluginShareUpdateTargetsParams0169, pluginShareUpdateTargets),
  'plugin/share/list': checked(PP.PluginShareListParams0169.nullish(), (ctx) => pluginShareList(ctx)),
  'plugin/share/checkout': checked(PP.PluginShareRemoteIdParams0169, pluginShareCheckout),
  'plugin/share/delete': checked(PP.PluginShareRemoteIdParams0169, pluginShareDelete),
  'app/list': checked(PP.AppsListParams0169.nullish(), (ctx, p) => appList(ctx, p ?? {})),
  'app/installed': checked(PP.AppsInstalledParams0169.nullish(), (ctx, p) => appInstalled(ctx, p ?? {})),
  'app/read': checked(PP.AppsReadParams0169, appRead),
};

/** Features weft does not have, by method prefix: what the error names. */
const MISSING_FEATURES: ReadonlyArray<[string, string]> = [
  ['account', 'this account feature (the token usage profile and rate-limit reset credits are not read by weft)'],
  ['plugin/', 'plugin search'],
  ['remoteControl/', 'remote control'],
  ['thread/realtime/', 'realtime sessions'],
];

/**
 * The router of a generation: its routes, and every method its protocol declares (in Codex's order),
 * so that a declared method weft does not serve is told apart from a name the protocol lacks.
 */
export function routerOf(routes: Readonly<Record<string, Route>>, declared: readonly string[]): (method: string, params: unknown, experimental: boolean) => RoutedRequest<ServerContext> {
  const known = new Set(declared);
  return (method, params, experimental) => routeIn(routes, known, declared, method, params, experimental);
}

export const route0169 = routerOf(ROUTES_0169, CLIENT_REQUEST_METHODS_0169);

function routeIn(
  routes: Readonly<Record<string, Route>>,
  known: ReadonlySet<string>,
  declared: readonly string[],
  method: string,
  params: unknown,
  experimental: boolean,
): RoutedRequest<ServerContext> {
  // Own members only: a method named after an Object.prototype member (`constructor`, `toString`)
  // is an unknown variant, not a route.
  const route = Object.hasOwn(routes, method) ? routes[method] : undefined;
  if (!route) {
    if (!known.has(method)) throw unknownVariant(method, declared);
    const feature = MISSING_FEATURES.find(([prefix]) => method.startsWith(prefix))?.[1];
    throw rpcError.invalidRequest(feature ? `${method}: weft has no ${feature}; this method is unavailable` : `${method} is not supported by weft`);
  }
  if (route.experimental && !experimental) throw rpcError.invalidRequest(`${method} requires experimentalApi capability`);
  const parsed = parseParams0169(route.params, params) as Params;
  return (ctx) => route.run(ctx, parsed, parsed);
}
