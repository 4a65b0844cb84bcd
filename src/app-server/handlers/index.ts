// Method name → handler, for every client request but `initialize` (the server answers that one
// itself, as part of the handshake).
import type { ClientRequestMethod } from '../../../protocol/app-server/methods.js';
import { collaborationModeList, modelList } from './catalog.js';
import type { Handler } from './handler.js';
import { mcpServerResourceRead, mcpServerToolCall } from './mcp-calls.js';
import { mcpServerOauthLogin } from './mcp-oauth-login.js';
import { mcpServerStatusList } from './mcp-status.js';
import { threadArchive, threadRollback, threadSetName, threadUnarchive } from './thread-changes.js';
import { threadFork } from './thread-fork.js';
import { threadList, threadLoadedList, threadRead } from './thread-queries.js';
import { threadResume } from './thread-resume.js';
import { threadStart } from './thread-start.js';
import { threadCompactStart, turnInterrupt, turnStart, turnSteer } from './turns.js';

type Handlers = { [M in Exclude<ClientRequestMethod, 'initialize'>]: Handler<M> };

export const HANDLERS: Handlers = {
  'thread/start': threadStart,
  'thread/resume': threadResume,
  'thread/fork': threadFork,
  'thread/archive': threadArchive,
  'thread/name/set': threadSetName,
  'thread/unarchive': threadUnarchive,
  'thread/compact/start': threadCompactStart,
  'thread/rollback': threadRollback,
  'thread/list': threadList,
  'thread/loaded/list': threadLoadedList,
  'thread/read': threadRead,
  'turn/start': turnStart,
  'turn/steer': turnSteer,
  'turn/interrupt': turnInterrupt,
  'model/list': modelList,
  'collaborationMode/list': collaborationModeList,
  'mcpServerStatus/list': mcpServerStatusList,
  'mcpServer/tool/call': mcpServerToolCall,
  'mcpServer/resource/read': mcpServerResourceRead,
  'mcpServer/oauth/login': mcpServerOauthLogin,
};
