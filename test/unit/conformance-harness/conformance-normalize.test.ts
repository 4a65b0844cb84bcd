import { describe, expect, test } from 'vitest';
import { canonicalJson, excerptPair, jsonDiffs, renumberIds } from '../../conformance/diff.js';
import { compareRequests, compareRollout, rulesForProfile } from '../../conformance/compare.js';
import { createNormalizer, normalizeValue, replaceOsInfo, type NormalizeContext } from '../../conformance/normalize.js';

const WS = '/tmp/weft-conf-x';
const T1 = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const T2 = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
const ctx: NormalizeContext = {
  paths: { '{{WS}}': WS, '{{REPO}}': `${WS}/repo`, '{{CODEX_HOME}}': `${WS}/codex_home`, '{{HOME}}': `${WS}/home`, '{{EXTRA}}': `${WS}/extra` },
  threadIds: [T1, T2],
  clientName: 'my_client',
  clientTitle: 'My Client App',
};
const n = (v: unknown): unknown => normalizeValue(v, ctx);

describe('normalization', () => {
  test('paths, longest first, then {{WS}}; also in object keys', () => {
    expect(n(`cd ${WS}/repo/sub && ls ${WS}/codex_home/skills ${WS}/home ${WS}/extra ${WS}/other`)).toBe(
      'cd {{REPO}}/sub && ls {{CODEX_HOME}}/skills {{HOME}} {{EXTRA}} {{WS}}/other',
    );
    expect(n({ workspaces: { [`${WS}/repo`]: { has_changes: false } } })).toEqual({ workspaces: { '{{REPO}}': { has_changes: false } } });
  });

  test('mock url and host', () => {
    expect(n('base http://127.0.0.1:45123/v1 and http://127.0.0.1:45123/v1/responses, ws 127.0.0.1:9')).toBe(
      'base {{MOCK_URL}} and {{MOCK_URL}}/responses, ws {{MOCK_HOST}}',
    );
  });

  test('thread ids in creation order, other uuids by first appearance (stable across values)', () => {
    const other1 = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const other2 = 'ffffffff-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const norm = createNormalizer(ctx);
    expect(norm.value({ prompt_cache_key: T1, id: `msg_${other1}`, w: `${T2.toUpperCase()}:0` })).toEqual({
      prompt_cache_key: '{{THREAD_ID}}',
      id: 'msg_{{ID1}}',
      w: '{{THREAD_ID_2}}:0',
    });
    expect(norm.value([other2, other1])).toEqual(['{{ID2}}', '{{ID1}}']);
    // A longer hex run is not a UUID.
    expect(norm.string(`x${other1}0`)).toBe(`x${other1}0`);
  });

  test('timestamps, rollout paths, chunk ids, wall time, dates', () => {
    const path = `${WS}/codex_home/sessions/2026/11/21/rollout-2026-11-21T23-55-01-${T1}.jsonl`;
    expect(n(path)).toBe('{{CODEX_HOME}}/sessions/{{ROLLOUT_DATE_DIR}}/rollout-{{ROLLOUT_TS}}-{{THREAD_ID}}.jsonl');
    expect(n({ timestamp: '2026-11-21T23:55:01.123Z', t2: 'at 2025-01-01T00:00:00Z.' })).toEqual({ timestamp: '{{TIMESTAMP}}', t2: 'at {{TIMESTAMP}}.' });
    expect(n('Chunk ID: 4f2a9c\nWall time: 0.0123 seconds\nProcess exited with code 0')).toBe(
      'Chunk ID: {{CHUNK_ID}}\nWall time: {{WALL_TIME}} seconds\nProcess exited with code 0',
    );
    expect(n('<current_date>2026-11-21</current_date>\n  <timezone>Europe/Paris</timezone>')).toBe(
      '<current_date>{{CURRENT_DATE}}</current_date>\n  <timezone>{{TIMEZONE}}</timezone>',
    );
    expect(n({ current_date: '2026-11-21', timezone: 'Etc/UTC' })).toEqual({ current_date: '{{CURRENT_DATE}}', timezone: '{{TIMEZONE}}' });
  });

  test('numeric time fields become placeholders; null stays', () => {
    expect(
      n({ createdAt: 1795300203, started_at_ms: 1795300203123, durationMs: 12, duration_ms: null, duration: { secs: 0, nanos: 1200 }, created_at: 5, total_tokens: 9 }),
    ).toEqual({
      createdAt: '{{UNIX_S}}',
      started_at_ms: '{{UNIX_MS}}',
      durationMs: '{{DURATION_MS}}',
      duration_ms: null,
      duration: { secs: '{{DURATION_SECS}}', nanos: '{{DURATION_NANOS}}' },
      created_at: 5, // not a listed key (reply ids/times are not normalized)
      total_tokens: 9,
    });
  });

  test('user agent OS info and client name/title', () => {
    expect(replaceOsInfo('codex/0.98.0 (Debian 12.0.0; x86_64) xterm (x; 0.0.1)')).toBe('codex/0.98.0 ({{OS_INFO}}) xterm (x; 0.0.1)');
    expect(n({ userAgent: 'my_client/0.98.0 (Ubuntu 24.4.0; x86_64) xterm (my_client; 0.0.1)', originator: 'my_client', title: 'My Client App' })).toEqual({
      userAgent: '{{CLIENT_NAME}}/0.98.0 ({{OS_INFO}}) xterm ({{CLIENT_NAME}}; 0.0.1)',
      originator: '{{CLIENT_NAME}}',
      title: '{{CLIENT_TITLE}}',
    });
  });

  test('x-codex-turn-metadata is normalized as the JSON document it holds', () => {
    const meta = JSON.stringify({ thread_id: T1, turn_started_at_unix_ms: 1795300203123, workspaces: { [`${WS}/repo`]: {} } });
    const out = n({ client_metadata: { 'x-codex-turn-metadata': meta } }) as { client_metadata: Record<string, string> };
    expect(JSON.parse(out.client_metadata['x-codex-turn-metadata'] ?? '')).toEqual({
      thread_id: '{{THREAD_ID}}',
      turn_started_at_unix_ms: '{{UNIX_MS}}',
      workspaces: { '{{REPO}}': {} },
    });
  });

  test('recorded fixtures are left unchanged (idempotence on placeholders)', () => {
    const v = { a: '{{REPO}}/x {{THREAD_ID}} msg_{{ID3}} {{TIMESTAMP}}', createdAt: '{{UNIX_S}}', model: 'gpt-5.2-codex', call_id: 'call_mock_1' };
    expect(n(v)).toEqual(v);
  });
});

describe('comparison helpers', () => {
  test('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  test('excerpt points at the first differing character', () => {
    const { at, text } = excerptPair('abc\ndef', 'abc\nxef');
    expect(at).toBe(4);
    expect(text).toContain('expected: abc\\ndef');
  });

  test('jsonDiffs reports key sets and paths', () => {
    expect(jsonDiffs({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 3] }, z: 0 }, 'body')).toEqual([
      'body: key sets differ; missing [], unexpected ["z"]',
      'body.b.c[1]: expected 2, got 3',
    ]);
  });

  test('renumbering makes a consistent renaming equal and an inconsistent one different', () => {
    const e = renumberIds([{ a: '{{ID5}}', b: 'x_{{ID6}}', c: '{{ID5}}' }]);
    expect(renumberIds([{ a: '{{ID1}}', b: 'x_{{ID9}}', c: '{{ID1}}' }])).toEqual(e);
    expect(renumberIds([{ a: '{{ID1}}', b: 'x_{{ID9}}', c: '{{ID9}}' }])).not.toEqual(e);
  });

  test('0.169 requests: ids renamed, turn metadata parsed, sandbox ignored', () => {
    const meta = (id: string, sandbox: string): string => JSON.stringify({ turn_id: id, sandbox, x: 1 });
    const req = (id: string, sandbox: string) => ({
      method: 'POST',
      path: '/v1/responses',
      body: { input: [{ id: `msg_${id}` }], client_metadata: { turn_id: id, 'x-codex-turn-metadata': meta(id, sandbox) } },
    });
    const rules = rulesForProfile('codex-0.169');
    expect(compareRequests([req('{{ID4}}', 'seccomp')], [req('{{ID1}}', 'none')], rules)).toEqual([]);
    expect(compareRequests([req('{{ID4}}', 'seccomp')], [req('{{ID1}}', 'none')], rulesForProfile('codex-0.98')).length).toBeGreaterThan(0);
  });

  test('request count and input item differences are described', () => {
    const rules = rulesForProfile('codex-0.98');
    const a = { method: 'POST', path: '/v1/responses', body: { input: [{ type: 'message', role: 'user', text: 'hi' }], model: 'm' } };
    const b = { method: 'POST', path: '/v1/responses', body: { input: [{ type: 'message', role: 'user', text: 'ho' }], model: 'm' } };
    const diffs = compareRequests([a, a], [b], rules);
    expect(diffs[0]).toContain('request count: expected 2, got 1');
    expect(diffs[1]).toMatch(/^request 001 body\.input\[0\] \(first differing item\): canonical JSON differs at char \d+/);
  });

  test('rollouts: types, response items, listed fields; event payload contents ignored', () => {
    const line = (type: string, payload: unknown) => ({ timestamp: '{{TIMESTAMP}}', type, payload });
    const e = [
      line('session_meta', { id: '{{THREAD_ID}}', cwd: '{{REPO}}', instructions: 'ignored' }),
      line('response_item', { type: 'message', role: 'user' }),
      line('event_msg', { type: 'token_count', info: { total: 1 } }),
    ];
    const same = [line('session_meta', { id: '{{THREAD_ID}}', cwd: '{{REPO}}', instructions: 'other' }), e[1], line('event_msg', { type: 'token_count', info: null })];
    const rules = rulesForProfile('codex-0.98');
    expect(compareRollout(e, same, rules, 'r')).toEqual([]);
    const diff = compareRollout(e, [e[0], line('event_msg', { type: 'token_count' })], rules, 'r');
    expect(diff.join('\n')).toContain('r line types: differs at #1');
  });
});
