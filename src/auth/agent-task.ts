// A turn on an agent-identity home (auth.json `auth_mode: agentIdentity`), as Codex 0.169 runs one
// (read in its agent-identity and login code, confirmed against the real binary on a mock backend):
//
// - the identity's key is the token's `agent_private_key` claim: an Ed25519 key, PKCS#8 DER in
//   standard base64;
// - once per process, a task is registered with the issuer's accounts API (observed:
//   `POST https://auth.openai.com/api/accounts/v1/agent/<agent_runtime_id>/task/register`, moved by
//   CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL) with JSON `{"timestamp", "signature"}`, the timestamp
//   RFC 3339 in whole seconds (`…Z`) and the signature the Ed25519 signature of
//   `<agent_runtime_id>:<timestamp>` in standard base64; headers content-type, originator, the login
//   user agent, `accept: */*`. The answer names the task (`task_id` or `taskId`);
// - each model request then carries `Authorization: AgentAssertion <assertion>`, the assertion being
//   base64url (no padding) of the JSON `{"agent_runtime_id", "signature", "task_id", "timestamp"}`
//   (keys in that order), signed over `<agent_runtime_id>:<task_id>:<timestamp>` with a timestamp of
//   its own; beside it `ChatGPT-Account-ID` (the token's `account_id`), and `X-OpenAI-Fedramp: true`
//   for a FedRAMP account.
//
// An answer may hand the task id back sealed to the identity's key (`encrypted_task_id` or
// `encryptedTaskId`, opened by sealed-task-id.ts). The key, the token and each assertion are
// secrets: errors name the step and the status, never them.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import type { AgentIdentityClaims } from './agent-identity.js';
import type { CaTrust } from './ca-trust.js';
import { jsonOf, smallRequest } from './https-request.js';
import { openSealedTaskId } from './sealed-task-id.js';

/** A task registration the backend refused, or an identity weft cannot sign with. */
export class AgentTaskError extends ApiError {}

export interface AgentKey {
  readonly runtimeId: string;
  readonly key: KeyObject;
}

/** The identity's signing key from its claims. @throws AgentTaskError when it is not an Ed25519 PKCS#8 key. */
export function agentKeyOf(claims: Pick<AgentIdentityClaims, 'agent_runtime_id' | 'agent_private_key'>): AgentKey {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: Buffer.from(claims.agent_private_key, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new AgentTaskError('the agent identity’s private key is not a PKCS#8 key; sign in again (weft login --with-access-token)');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new AgentTaskError('the agent identity’s private key is not an Ed25519 key; sign in again (weft login --with-access-token)');
  return { runtimeId: claims.agent_runtime_id, key };
}

/** RFC 3339 in whole seconds, UTC with `Z` (Codex's `SecondsFormat::Secs`). */
export function assertionTimestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

const signed = (key: AgentKey, text: string): string => sign(null, Buffer.from(text, 'utf8'), key.key).toString('base64');

/** The registration request's body, in Codex's field order. */
export function taskRegistrationBody(key: AgentKey, now: Date): string {
  const timestamp = assertionTimestamp(now);
  return JSON.stringify({ timestamp, signature: signed(key, `${key.runtimeId}:${timestamp}`) });
}

/** The `Authorization` value of one request of the task. */
export function agentAssertion(key: AgentKey, taskId: string, now: Date): string {
  const timestamp = assertionTimestamp(now);
  const envelope = { agent_runtime_id: key.runtimeId, signature: signed(key, `${key.runtimeId}:${taskId}:${timestamp}`), task_id: taskId, timestamp };
  return `AgentAssertion ${Buffer.from(JSON.stringify(envelope), 'utf8').toString('base64url')}`;
}

/** Where Codex 0.169 registers tasks: the issuer's accounts API (observed), unless the environment moves it. */
export const DEFAULT_AGENT_AUTHAPI_BASE_URL = 'https://auth.openai.com/api/accounts';
export const AGENT_AUTHAPI_BASE_URL_ENV = 'CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL';

/** The accounts API base a task is registered with. */
export function agentAuthApiBaseUrl(env: Readonly<Record<string, string | undefined>>): string {
  const given = env[AGENT_AUTHAPI_BASE_URL_ENV];
  return (given !== undefined && given !== '' ? given : DEFAULT_AGENT_AUTHAPI_BASE_URL).replace(/\/+$/, '');
}

const RegisteredTask = z.looseObject({
  task_id: z.string().optional(),
  taskId: z.string().optional(),
  encrypted_task_id: z.string().optional(),
  encryptedTaskId: z.string().optional(),
});

export interface RegisterTask {
  readonly key: AgentKey;
  /** The accounts API base (agentAuthApiBaseUrl). */
  readonly authApiBaseUrl: string;
  /** The headers after content-type, in order. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly trust: CaTrust | undefined;
  readonly now: Date;
}

/** Registers a task and returns its id. @throws AgentTaskError */
export async function registerAgentTask(r: RegisterTask): Promise<string> {
  const url = `${r.authApiBaseUrl}/v1/agent/${encodeURIComponent(r.key.runtimeId)}/task/register`;
  const where = `${new URL(url).origin}${new URL(url).pathname}`;
  let answer;
  try {
    answer = await smallRequest({ method: 'POST', url, headers: [['content-type', 'application/json'], ...r.headers], body: taskRegistrationBody(r.key, r.now), trust: r.trust, timeoutMs: 30_000 });
  } catch (err) {
    throw new AgentTaskError(`the agent task could not be registered at ${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new AgentTaskError(`the agent task could not be registered: POST ${where} answered HTTP ${answer.status}; check the agent identity (weft login status)`, answer.status);
  const parsed = RegisteredTask.safeParse(jsonOf(answer));
  if (!parsed.success) throw new AgentTaskError(`the agent task registration at ${where} answered something other than a task`);
  const id = parsed.data.task_id ?? parsed.data.taskId;
  if (id !== undefined) return id;
  const sealed = parsed.data.encrypted_task_id ?? parsed.data.encryptedTaskId;
  if (sealed !== undefined) {
    try {
      return await openSealedTaskId(r.key.key, sealed);
    } catch (err) {
      throw new AgentTaskError(`the agent task registration at ${where} answered a sealed task id weft could not open (${err instanceof Error ? err.message : String(err)}); sign in again (weft login --with-access-token)`);
    }
  }
  throw new AgentTaskError(`the agent task registration at ${where} answered without a task id`);
}
