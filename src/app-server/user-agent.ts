// The user agent `initialize` answers with, in Codex's form (src/client/user-agent.ts), the client
// naming itself.
import type { ClientInfo } from '../../protocol/app-server/initialize.js';
import { codexUserAgent } from '../client/user-agent.js';
import type { Env } from '../engine/runtime.js';

export function userAgent(client: ClientInfo, version: string, env: Env): string {
  return codexUserAgent(client.name, version, env, { name: client.name, version: client.version });
}
