// An agent identity's task registration and request assertions, as Codex 0.169 builds them (read in
// its agent-identity code): Ed25519 over `<runtime>:<timestamp>` and `<runtime>:<task>:<timestamp>`,
// standard base64 signatures, whole-second RFC 3339 timestamps, the assertion a base64url JSON
// envelope with its keys sorted. Each signature is checked here with the identity's public key.
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentAssertion, agentAuthApiBaseUrl, agentKeyOf, assertionTimestamp, taskRegistrationBody, AgentTaskError } from '../../../src/auth/agent-task.js';

// The test issuer's key (seed 7 × 32, as Codex's own tests use), PKCS#8 DER in standard base64.
const PRIVATE = 'MC4CAQAwBQYDK2VwBCIEIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH';
const key = agentKeyOf({ agent_runtime_id: 'agent-runtime-fake-1', agent_private_key: PRIVATE });
const publicKey = createPublicKey(createPrivateKey({ key: Buffer.from(PRIVATE, 'base64'), format: 'der', type: 'pkcs8' }));
const at = new Date('2026-11-29T03:04:05.678Z');

describe('an agent identity’s signatures', () => {
  it('register a task with {timestamp, signature} signed over runtime:timestamp', () => {
    const text = taskRegistrationBody(key, at);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['timestamp', 'signature']);
    const body = JSON.parse(text) as { timestamp: string; signature: string };
    expect(body.timestamp).toBe('2026-11-29T03:04:05Z');
    expect(verify(null, Buffer.from(`agent-runtime-fake-1:${body.timestamp}`), publicKey, Buffer.from(body.signature, 'base64'))).toBe(true);
  });

  it('assert each request as AgentAssertion base64url({agent_runtime_id, signature, task_id, timestamp})', () => {
    const header = agentAssertion(key, 'task-42', at);
    expect(header.startsWith('AgentAssertion ')).toBe(true);
    const encoded = header.slice('AgentAssertion '.length);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    const envelope = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, string>;
    expect(Object.keys(envelope)).toEqual(['agent_runtime_id', 'signature', 'task_id', 'timestamp']);
    expect(envelope).toMatchObject({ agent_runtime_id: 'agent-runtime-fake-1', task_id: 'task-42', timestamp: '2026-11-29T03:04:05Z' });
    expect(verify(null, Buffer.from('agent-runtime-fake-1:task-42:2026-11-29T03:04:05Z'), publicKey, Buffer.from(envelope.signature as string, 'base64'))).toBe(true);
    expect(verify(null, Buffer.from('agent-runtime-fake-1:task-43:2026-11-29T03:04:05Z'), publicKey, Buffer.from(envelope.signature as string, 'base64'))).toBe(false);
  });

  it('are refused for a key that is not Ed25519 PKCS#8, without quoting it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    for (const bad of ['not-a-key', rsa]) {
      let caught: unknown;
      try {
        agentKeyOf({ agent_runtime_id: 'r', agent_private_key: bad });
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AgentTaskError);
      expect(String((caught as Error).message)).not.toContain(bad.slice(0, 16));
    }
  });

  it('use whole-second UTC timestamps', () => {
    expect(assertionTimestamp(new Date('2027-01-02T03:04:05.999Z'))).toBe('2027-01-02T03:04:05Z');
  });
});

describe('where a task is registered', () => {
  it('is the issuer’s accounts API unless CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL moves it', () => {
    expect(agentAuthApiBaseUrl({})).toBe('https://auth.openai.com/api/accounts');
    expect(agentAuthApiBaseUrl({ CODEX_AGENT_IDENTITY_AUTHAPI_BASE_URL: 'https://127.0.0.1:9/api/accounts/' })).toBe('https://127.0.0.1:9/api/accounts');
  });
});
