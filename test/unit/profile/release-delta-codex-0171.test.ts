// codex-0.171 is a delta over codex-0.169 (src/profile/deltas/codex-0.171.ts): the same structure,
// with the release's version, its pack folder laid over 0.169's, `accept-encoding: zstd,gzip` on
// HTTP posts (not on a WebSocket upgrade), `model_search_state` in every response item's rollout
// metadata, and `exec --remote` known (refused by weft, a usage error under 0.169). 0.169 is untouched.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../../scripts/mock-responses-server.js';
import { upgradeHeaders } from '../../../src/client/responses-websocket.js';
import { refuseOtherGenerationOptions } from '../../../src/cli/exec-flags.js';
import { WEFT_PACK_DIR } from '../../../src/pack/default-pack-dir.js';
import { compatForCliVersion, DEFAULT_COMPAT, PROFILE_FACTS } from '../../../src/profile/profile-facts.js';
import { getProfile } from '../../../src/profile/profiles.js';
import type { WireRequest } from '../../../protocol/wire-request.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

let h: ThreadHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await removeTempDirs();
});

const request = { wire: 'responses', body: { model: 'gpt-5.5', input: [], prompt_cache_key: 't1', client_metadata: { thread_id: 't1' } } } as unknown as WireRequest;
const ctx = { originator: 'codex_exec', builtinProvider: false, remoteCompaction: false, env: {} };

describe('codex-0.171 over codex-0.169', () => {
  it('is the default, with its own version and protocol, and its pack folder over 0.169\'s', () => {
    expect(DEFAULT_COMPAT).toBe('codex-0.171');
    const p171 = getProfile('codex-0.171');
    const p169 = getProfile('codex-0.169');
    expect(p171.cliVersion).toBe('0.171.0');
    expect(p171.protocolGeneration).toBe('0.171');
    expect(p171.weftPack).toEqual([path.join(WEFT_PACK_DIR, 'codex-0.171') + path.sep, ...p169.weftPack]);
    expect(p171.packLayout).toBe(p169.packLayout);
    expect(p169.cliVersion).toBe('0.169.0');
  });

  it('asks for zstd or gzip answers on posts, names 0.171.0, and leaves 0.169 as it was', () => {
    const h171 = getProfile('codex-0.171').requestHeaders(request, ctx);
    const h169 = getProfile('codex-0.169').requestHeaders(request, ctx);
    expect(h171['accept-encoding']).toBe('zstd,gzip');
    expect(h171['User-Agent']).toContain('/0.171.0');
    expect(h169).not.toHaveProperty('accept-encoding');
    const { 'accept-encoding': _added, 'User-Agent': _ua171, ...rest171 } = h171;
    const { 'User-Agent': _ua169, ...rest169 } = h169;
    expect(rest171).toEqual(rest169);
  });

  it('sends no accept-encoding with a WebSocket upgrade', () => {
    expect(upgradeHeaders({ 'accept-encoding': 'zstd,gzip', 'Accept-Encoding': 'gzip', originator: 'x' })).toEqual({ originator: 'x' });
  });

  it('knows exec --remote and --remote-auth-token-env, which 0.169 refuses as usage errors', () => {
    expect(PROFILE_FACTS['codex-0.171'].execOptions).toEqual([...PROFILE_FACTS['codex-0.169'].execOptions, 'remote', 'remote-auth-token-env']);
    expect(() => refuseOtherGenerationOptions({ remote: 'ws://127.0.0.1:1' }, 'codex-0.169')).toThrow(/--remote is not an option of exec under compat codex-0\.169/);
    expect(() => refuseOtherGenerationOptions({ 'remote-auth-token-env': 'T' }, 'codex-0.171')).toThrow(/does not run turns on a remote app server/);
    expect(() => refuseOtherGenerationOptions({ ephemeral: true }, 'codex-0.171')).not.toThrow();
  });

  it('reads a rollout of a version it knows as that generation, and an unknown one as the last before it', () => {
    expect(compatForCliVersion('0.171.0')).toBe('codex-0.171');
    expect(compatForCliVersion('0.170.2')).toBe('codex-0.169');
    expect(compatForCliVersion('0.98.0')).toBe('codex-0.98');
    expect(compatForCliVersion('0.99.0')).toBe('codex-0.98');
    expect(compatForCliVersion('0.180.0')).toBe('codex-0.171');
  });

  for (const [compat, expected] of [['codex-0.171', 'unused'], ['codex-0.169', undefined]] as const) {
    it(`${compat}: every response item's rollout metadata ${expected ? 'ends with model_search_state' : 'has no model_search_state'}`, async () => {
      h = await threadHarness(() => textReply('hello back'), `compat = "${compat}"\nmodel = "gpt-5.5"`);
      const weft = await h.open();
      const thread = await weft.startThread();
      await thread.run('hi');
      await thread.close();
      const lines = (await readFile(thread.rolloutPath, 'utf8')).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { type: string; metadata?: Record<string, unknown>; payload: Record<string, unknown> });
      expect(lines[0]?.payload.cli_version).toBe(PROFILE_FACTS[compat].cliVersion);
      const items = lines.filter((l) => l.type === 'response_item');
      expect(items.length).toBeGreaterThan(2);
      for (const item of items) {
        expect(item.metadata?.model_search_state).toBe(expected);
        if (expected) expect(Object.keys(item.metadata ?? {}).at(-1)).toBe('model_search_state');
      }
      expect(h.mock.requests[0]?.headers['accept-encoding']).toBe(compat === 'codex-0.171' ? 'zstd,gzip' : undefined);
    });
  }
});
