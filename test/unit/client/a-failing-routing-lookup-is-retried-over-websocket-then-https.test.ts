// A credential whose lookup keeps failing (a ChatGPT sign-in's workspace routing) is retried as
// Codex 0.169 retries it (shared/conformance/chatgpt-signin-0.169/raw/01, 21, 35): 1 +
// stream_max_retries lookups over the WebSocket with the usual backoff, the thread's fall back to
// HTTPS with a warning, as many again over HTTPS, then the last failure. Fake timers: no waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceRoutingError } from '../../../src/auth/workspace-routing.js';
import type { ClientEvent, ClientEventBatch } from '../../../src/client/client-events.js';
import { preparedOnSchedule, type FallbackTransport } from '../../../src/client/prepared-auth-schedule.js';
import type { PreparedAuth, ProviderAuth, RetryOptions } from '../../../src/client/provider.js';
import { RefreshFailedError } from '../../../src/auth/token-refresh.js';
import { ApiError } from '../../../src/errors.js';

const RETRY: RetryOptions = { maxAttempts: 6, baseDelayMs: 200, maxDelayMs: 30_000 };
const PREPARED: PreparedAuth = { bearer: 'tok', headers: {}, baseUrl: 'https://127.0.0.1:1/backend-api/codex' };

function failingAuth(failures: number, error: () => Error = () => new WorkspaceRoutingError('the workspace routing lookup failed: HTTP 404', 404)): ProviderAuth & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    prepare: async () => {
      calls.push(Date.now());
      if (calls.length <= failures) throw error();
      return PREPARED;
    },
    recovery: () => ({ next: async () => false }),
    secrets: () => ['tok'],
  };
}

function transport(): FallbackTransport & { fallbacks: number } {
  const t = {
    fellBack: false,
    fallbacks: 0,
    fallBackToHttps() {
      t.fellBack = true;
      t.fallbacks++;
    },
  };
  return t;
}

async function drain(gen: AsyncGenerator<ClientEventBatch, PreparedAuth, undefined>): Promise<{ events: ClientEvent[]; result: PreparedAuth | Error }> {
  const events: ClientEvent[] = [];
  const run = (async () => {
    for (;;) {
      const step = await gen.next();
      if (step.done) return step.value;
      events.push(...step.value);
    }
  })().catch((err: unknown) => err as Error);
  await vi.runAllTimersAsync();
  return { events, result: await run };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a failing workspace routing lookup', () => {
  it('raw/01: six lookups over the WebSocket ~0.2·2^n s apart, the fallback warning, six over HTTPS, then the failure', async () => {
    const auth = failingAuth(Infinity);
    const ws = transport();
    const { events, result } = await drain(preparedOnSchedule({ auth, retry: RETRY, signal: undefined, webSocket: ws }));
    expect(result).toBeInstanceOf(WorkspaceRoutingError);
    expect(auth.calls).toHaveLength(12);
    expect(ws.fallbacks).toBe(1);
    const kinds = events.map((e) => (e.type === 'retrying' ? `retry ${e.attempt - 1}/${e.maxAttempts - 1}` : e.type));
    expect(kinds).toEqual([
      ...[1, 2, 3, 4, 5].map((n) => `retry ${n}/5`),
      'warning',
      ...[1, 2, 3, 4, 5].map((n) => `retry ${n}/5`),
    ]);
    // The gaps between lookups in each phase: 200 ms doubling, within ±10%.
    const gaps = auth.calls.slice(1).map((t, i) => t - (auth.calls[i] as number));
    const expected = [200, 400, 800, 1600, 3200];
    for (const [i, gap] of [...gaps.slice(0, 5), ...gaps.slice(6)].entries()) {
      const want = expected[i % 5] as number;
      expect(gap).toBeGreaterThanOrEqual(want * 0.9 - 1);
      expect(gap).toBeLessThanOrEqual(want * 1.1 + 1);
    }
    expect(gaps[5]).toBe(0);
  });

  it('a lookup that succeeds on a later try goes on over the WebSocket, with no fallback', async () => {
    const auth = failingAuth(2);
    const ws = transport();
    const { events, result } = await drain(preparedOnSchedule({ auth, retry: RETRY, signal: undefined, webSocket: ws }));
    expect(result).toEqual(PREPARED);
    expect(ws.fallbacks).toBe(0);
    expect(events.map((e) => e.type)).toEqual(['retrying', 'retrying']);
  });

  it('a thread already on HTTPS spends one budget only', async () => {
    const auth = failingAuth(Infinity);
    const { events, result } = await drain(preparedOnSchedule({ auth, retry: RETRY, signal: undefined, webSocket: undefined }));
    expect(result).toBeInstanceOf(WorkspaceRoutingError);
    expect(auth.calls).toHaveLength(6);
    expect(events.every((e) => e.type === 'retrying')).toBe(true);
  });

  it('a 401 of the lookup and a refused refresh are not retried here (the caller recovers or fails)', async () => {
    for (const error of [() => new WorkspaceRoutingError('HTTP 401', 401), () => new RefreshFailedError('sign in again', true, 401)]) {
      const auth = failingAuth(Infinity, error);
      const { events, result } = await drain(preparedOnSchedule({ auth, retry: RETRY, signal: undefined, webSocket: transport() }));
      expect(auth.calls).toHaveLength(1);
      expect(events).toEqual([]);
      expect(result).toBeInstanceOf(Error);
      if (result instanceof ApiError) expect(result.status).toBe(401);
    }
  });
});
