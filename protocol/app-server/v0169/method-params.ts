// The 0.169 params schema of each client request weft serves, by method: what the server validates
// a request against and what `generate-json-schema` describes. `null`: the method takes no params.
import type { z } from 'zod';
import * as C from './config-params.js';
import * as F from './fs-params.js';
import * as M from './more-params.js';
import * as O from './organization-params.js';
import * as W from './config-write-params.js';
import * as B from './feedback-params.js';
import * as I from './inject-items-params.js';
import * as S from './shell-command-params.js';
import * as G from './guardian-params.js';
import * as R from './review-params.js';
import * as P from './params.js';

export const PARAMS_0169 = {
  'thread/start': P.ThreadStartParams0169,
  'thread/resume': P.ThreadResumeParams0169,
  'thread/fork': P.ThreadForkParams0169,
  'thread/archive': P.ThreadIdParams0169,
  'thread/unarchive': P.ThreadIdParams0169,
  'thread/name/set': P.ThreadSetNameParams0169,
  'thread/compact/start': P.ThreadIdParams0169,
  // Not in 0.169 (thread/revert replaced it); served for clients of the previous generation.
  'thread/rollback': P.ThreadRollbackParams0169,
  'thread/list': P.ThreadListParams0169,
  'thread/loaded/list': P.ThreadLoadedListParams0169,
  'thread/read': P.ThreadReadParams0169,
  'turn/start': P.TurnStartParams0169,
  'turn/steer': P.TurnSteerParams0169,
  'turn/interrupt': P.TurnInterruptParams0169,
  'model/list': P.ModelListParams0169,
  'thread/turns/list': P.ThreadTurnsListParams0169,
  'thread/items/list': P.ThreadItemsListParams0169,
  'thread/revert': P.ThreadRevertParams0169,
  'config/read': C.ConfigReadParams0169,
  'config/value/write': C.ConfigValueWriteParams0169,
  'config/batchWrite': C.ConfigBatchWriteParams0169,
  'configRequirements/read': null,
  'config/mcpServer/reload': null,
  'account/read': P.AccountReadParams0169,
  'thread/unsubscribe': P.ThreadIdParams0169,
  'skills/list': P.SkillsListParams0169,
  'permissionProfile/list': M.PermissionProfileListParams0169,
  'thread/goal/get': M.ThreadGoalGetParams0169,
  'thread/delete': M.ThreadDeleteParams0169,
  'modelProvider/list': M.EmptyParams0169,
  'modelProvider/capabilities/read': M.EmptyParams0169,
  'hooks/list': M.HooksListParams0169,
  'skills/extraRoots/set': M.SkillsExtraRootsSetParams0169,
  'windowsSandbox/readiness': null,
  'windowsSandbox/setupStart': M.WindowsSandboxSetupStartParams0169,
  'externalAgentConfig/detect': M.ExternalAgentConfigDetectParams0169,
  'externalAgentConfig/import/readHistories': M.EmptyParams0169,
  'fuzzyFileSearch': M.FuzzyFileSearchParams0169,
  'experimentalFeature/list': M.ExperimentalFeatureListParams0169,
  'experimentalFeature/enablement/set': M.ExperimentalFeatureEnablementSetParams0169,
  'command/exec': M.CommandExecParams0169,
  'command/exec/write': M.CommandExecWriteParams0169,
  'command/exec/terminate': M.CommandExecTerminateParams0169,
  'command/exec/resize': M.CommandExecResizeParams0169,
  'fs/readFile': F.FsPathParams0169,
  'fs/writeFile': F.FsWriteFileParams0169,
  'fs/createDirectory': F.FsCreateDirectoryParams0169,
  'fs/getMetadata': F.FsPathParams0169,
  'fs/readDirectory': F.FsPathParams0169,
  'fs/remove': F.FsRemoveParams0169,
  'fs/copy': F.FsCopyParams0169,
  'fs/watch': F.FsWatchParams0169,
  'fs/unwatch': F.FsUnwatchParams0169,
  'threadSection/list': O.ThreadSectionListParams0169,
  'threadSection/create': O.ThreadSectionCreateParams0169,
  'threadSection/update': O.ThreadSectionUpdateParams0169,
  'threadSection/delete': O.ThreadSectionDeleteParams0169,
  'thread/section/move': O.ThreadSectionMoveParams0169,
  'thread/attachment/add': O.ThreadAttachmentAddParams0169,
  'thread/attachment/list': O.ThreadAttachmentListParams0169,
  'thread/attachment/remove': O.ThreadAttachmentRemoveParams0169,
  'thread/attachmentOwner/list': O.ThreadAttachmentOwnerListParams0169,
  'thread/metadata/update': O.ThreadMetadataUpdateParams0169,
  'skills/config/write': M.SkillsConfigWriteParams0169,
  'modelProvider/config/write': W.ModelProviderConfigWriteParams0169,
  'feedback/save': B.FeedbackSaveParams0169,
  'feedback/upload': B.FeedbackUploadParams0169,
  'thread/inject_items': I.ThreadInjectItemsParams0169,
  'thread/shellCommand': S.ThreadShellCommandParams0169,
  'thread/approveGuardianDeniedAction': G.ThreadApproveGuardianDeniedActionParams0169,
  'review/start': R.ReviewStartParams0169,
} as const satisfies Record<string, z.ZodType | null>;

export type Method0169 = keyof typeof PARAMS_0169;
