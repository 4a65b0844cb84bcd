// Every message weft's 0.169 app-server sends is valid under Codex 0.169's generated JSON Schema
// (the authority, read by ajv, not by weft's own zod): the answers, notifications and server
// requests of a replay of the recorded sessions a–d, and of a turn that runs a command, writes a
// patch, calls an MCP tool and a client tool (approvals asked of the client), then of the thread
// methods after it; a plan update. weft's own zod of each message (protocol/app-server/v0169/
// outgoing.ts) gives the same verdict. A message of a wrong shape fails both.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INITIALIZE_RESULT_0169, NOTIFICATIONS_0169, RESULTS_0169, SERVER_REQUESTS_0169 } from '../../../protocol/app-server/v0169/outgoing.js';
import { customToolCallReply, functionCallReply, startMockResponsesServer, textReply, type MockReply } from '../../../scripts/mock-responses-server.js';
import { generation0169 } from '../../../src/app-server/generation/v0169/generation.js';
import { TurnNotifier } from '../../../src/app-server/turn-notifier.js';
import { InProcessClient, type Msg } from '../../support/appserver-client.js';
import { startAppServerMock, type AppServerMock } from '../../support/appserver-mock.js';
import { codexHomeWorkspace, mockProviderTable } from '../../support/appserver-workspace.js';
import { AUTHORITY_0169_DIR, AuthoritySchema0169 } from '../../support/authority-schema-0169.js';
import { fixtureServerTable, namespacedCall } from '../../support/mcp-fixture.js';
import { removeTempDirs } from '../../support/temp-tree.js';
import { REPLAY_GENERATIONS, replayTranscripts, type ReplayRun } from '../../support/transcript-replay-run.js';

const GEN = REPLAY_GENERATIONS.find((g) => g.compat === 'codex-0.169');

/** weft's own zod of the message (protocol/app-server/v0169/outgoing.ts), where it has one. */
function zodOf(m: Msg, methodOf: (id: unknown) => string | undefined): z.ZodType | undefined {
  if (typeof m.method === 'string') {
    if (m.id !== undefined) return (SERVER_REQUESTS_0169 as Record<string, { params: z.ZodType } | undefined>)[m.method]?.params;
    return (NOTIFICATIONS_0169 as Record<string, z.ZodType | undefined>)[m.method];
  }
  if (m.error !== undefined) return undefined;
  const method = methodOf(m.id);
  return method === 'initialize' ? INITIALIZE_RESULT_0169 : (RESULTS_0169 as Record<string, z.ZodType | undefined>)[method ?? ''];
}

/**
 * Every problem with the messages a client received (one line each): against the authority, and
 * against weft's zod of the same message, which must agree with it.
 */
function problems(schema: AuthoritySchema0169, received: readonly Msg[], methodOf: (id: unknown) => string | undefined): string[] {
  return received.flatMap((m) => {
    const authority = schema.problem(m, methodOf);
    const zod = zodOf(m, methodOf)?.safeParse(typeof m.method === 'string' ? m.params : m.result);
    const disagree = zod !== undefined && zod.success !== (authority === '') ? [`${String(m.method ?? methodOf(m.id))}: weft's zod ${zod.success ? 'accepts' : 'refuses'} it, the authority ${authority ? 'refuses' : 'accepts'} it`] : [];
    return [...(authority ? [authority] : []), ...disagree];
  });
}

/** What kinds of messages were checked: `n:<method>`, `r:<method>`, `q:<method>`. */
function kinds(received: readonly Msg[], methodOf: (id: unknown) => string | undefined): Set<string> {
  return new Set(received.map((m) => (typeof m.method === 'string' ? `${m.id === undefined ? 'n' : 'q'}:${m.method}` : `r:${methodOf(m.id) ?? 'error'}`)));
}

describe.skipIf(!existsSync(AUTHORITY_0169_DIR) || GEN === undefined)('0.169 app-server output against Codex 0.169\'s JSON Schema', () => {
  let schema: AuthoritySchema0169;
  beforeAll(() => {
    schema = new AuthoritySchema0169();
  });
  afterAll(removeTempDirs);

  describe('the replay of the recorded sessions a–d', () => {
    let mock: AppServerMock;
    let runs: ReplayRun[] = [];
    beforeAll(async () => {
      mock = await startAppServerMock();
      runs = (await replayTranscripts(GEN as NonNullable<typeof GEN>, mock)).runs;
    }, 120_000);
    afterAll(async () => {
      await mock?.close();
    });

    it('every answer, notification and server request validates', () => {
      const found: string[] = [];
      const seen = new Set<string>();
      for (const run of runs) {
        const methodOf = (id: unknown) => run.methods.get(JSON.stringify(id));
        found.push(...problems(schema, run.actual, methodOf).map((p) => `${run.proc}: ${p}`));
        for (const k of kinds(run.actual, methodOf)) seen.add(k);
      }
      expect(found).toEqual([]);
      // The replay reached every kind of message it is meant to check.
      for (const k of [
        'r:initialize',
        'r:thread/start',
        'r:thread/resume',
        'r:thread/fork',
        'r:thread/list',
        'r:thread/loaded/list',
        'r:thread/read',
        'r:turn/start',
        'r:turn/interrupt',
        'r:thread/compact/start',
        'r:error',
        'n:thread/started',
        'n:thread/status/changed',
        'n:turn/started',
        'n:turn/completed',
        'n:item/started',
        'n:item/completed',
        'n:item/agentMessage/delta',
        'n:thread/tokenUsage/updated',
        'n:account/rateLimits/updated',
        'n:warning',
        'n:deprecationNotice',
        'n:error',
        'n:remoteControl/status/changed',
      ]) {
        expect(seen, k).toContain(k);
      }
    });
  });

  describe('a turn with tool items', () => {
    let received: Msg[] = [];
    const methods = new Map<string, string>();
    beforeAll(async () => {
      const PATCH = '*** Begin Patch\n*** Add File: made.txt\n+made\n*** End Patch';
      const replies: MockReply[] = [
        functionCallReply('exec_command', { cmd: 'touch by-command.txt && echo hi' }, 'call_exec'),
        customToolCallReply('apply_patch', PATCH, 'call_patch'),
        namespacedCall('echo', { text: 'hi' }, 'call_mcp'),
        functionCallReply('lookup', { q: 'x' }, 'call_dynamic'),
        functionCallReply('update_plan', { explanation: 'two steps', plan: [{ step: 'look', status: 'completed' }, { step: 'write', status: 'in_progress' }] }, 'call_plan'),
        textReply('done'),
      ];
      const mock = await startMockResponsesServer({ respond: (_req, i) => replies[i] ?? textReply('done') });
      const ws = await codexHomeWorkspace(
        `model = "gpt-5.5"\nmodel_provider = "mock"\nsandbox_mode = "workspace-write"\napproval_policy = "on-request"\n${fixtureServerTable()}\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`,
      );
      // untrusted: the command and the patch are put to the client, which accepts; it runs the
      // thread's own tool (`lookup`) when asked.
      const client = new InProcessClient({ env: ws.env, cwd: ws.cwd }, (req) => ({
        result: req.method === 'item/tool/call' ? { contentItems: [{ type: 'inputText', text: 'found' }], success: true } : { decision: 'accept' },
      }));
      try {
        const request = async (method: string, params?: unknown): Promise<Msg> => {
          const answer = await client.request(method, params);
          methods.set(JSON.stringify(answer.id), method);
          return answer;
        };
        const init = await request('initialize', { clientInfo: { name: 'weft_test_client', title: 'Weft Test', version: '0.0.1' }, capabilities: { experimentalApi: true } });
        expect(init.error).toBeUndefined();
        client.send('{"method":"initialized"}');
        const dynamicTools = [{ name: 'lookup', description: 'Looks a word up.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }];
        const start = await request('thread/start', { cwd: ws.cwd, approvalPolicy: 'untrusted', dynamicTools });
        const threadId = (start.result as { thread: { id: string } }).thread.id;
        const turn = await request('turn/start', { threadId, input: [{ type: 'text', text: 'use every tool' }] });
        await client.turnCompleted(threadId, (turn.result as { turn: { id: string } }).turn.id);
        await request('thread/read', { threadId, includeTurns: true });
        await request('thread/turns/list', { threadId });
        await request('thread/items/list', { threadId });
        await request('thread/list', {});
        await request('thread/loaded/list', {});
        await request('model/list', {});
        await request('config/read', { includeLayers: true });
        await request('mcpServerStatus/list', {});
        await request('thread/name/set', { threadId, name: 'tools' });
        const fork = await request('thread/fork', { threadId });
        const forkId = (fork.result as { thread: { id: string } }).thread.id;
        await request('thread/archive', { threadId: forkId });
        await request('thread/unarchive', { threadId: forkId });
        await request('thread/revert', { threadId, beforeTurnId: (turn.result as { turn: { id: string } }).turn.id });
        received = [...client.received];
      } finally {
        await client.close();
        await mock.close();
      }
    }, 60_000);

    it('every message validates, the tool items included', () => {
      const methodOf = (id: unknown) => methods.get(JSON.stringify(id));
      expect(problems(schema, received, methodOf)).toEqual([]);
      const itemTypes = new Set(received.filter((m) => m.method === 'item/completed').map((m) => (m.params as { item: { type: string } }).item.type));
      for (const t of ['userMessage', 'commandExecution', 'fileChange', 'mcpToolCall', 'agentMessage']) expect(itemTypes, t).toContain(t);
      const seen = kinds(received, methodOf);
      for (const k of [
        'n:turn/diff/updated',
        'n:mcpServer/startupStatus/updated',
        'n:thread/name/updated',
        'n:thread/archived',
        'n:thread/unarchived',
        'n:thread/reverted',
        'q:item/commandExecution/requestApproval',
        'q:item/fileChange/requestApproval',
        'q:item/tool/call',
        'r:thread/turns/list',
        'r:thread/items/list',
        'r:model/list',
        'r:config/read',
        'r:mcpServerStatus/list',
        'r:thread/fork',
        'r:thread/archive',
        'r:thread/unarchive',
        'r:thread/revert',
      ]) {
        expect(seen, k).toContain(k);
      }
    });
  });

  // 0.169 offers no update_plan (as Codex 0.169: the call above is answered as unsupported), so a
  // plan update is fed to the turn's notifier directly, through the 0.169 shaper, as a server
  // speaking an older model would send it.
  it('a plan update validates', () => {
    const shaper = generation0169('0.169.0').newShaper();
    const sent: Msg[] = [];
    const notifier = new TurnNotifier((method, params) => sent.push({ method, params: shaper.shape(method, params as Record<string, unknown>, Date.now()) }), 'thread-1', 'turn-1');
    notifier.on({ type: 'plan_updated', callId: 'call_plan', explanation: 'two steps', plan: [{ step: 'look', status: 'completed' }, { step: 'write', status: 'in_progress' }] });
    expect(sent.map((m) => m.method)).toEqual(['turn/plan/updated']);
    expect(problems(schema, sent, () => undefined)).toEqual([]);
  });

  describe('a wrong shape fails the check', () => {
    const thread = { id: 't', sessionId: 't', preview: '', ephemeral: false, projectId: null, modelProvider: 'mock', createdAt: 1, updatedAt: 1, status: { type: 'idle' }, path: null, cwd: '/w', cliVersion: '0.169.0', source: 'vscode', turns: [] };
    it('a valid thread/started passes (the baseline of the cases below)', () => {
      expect(schema.problem({ method: 'thread/started', params: { thread } }, () => undefined)).toBe('');
    });
    it.each<[string, Msg]>([
      ['a required thread field missing', { method: 'thread/started', params: { thread: { ...thread, ephemeral: undefined } } }],
      ['a thread status of no variant', { method: 'thread/started', params: { thread: { ...thread, status: { type: 'busy' } } } }],
      ['a turn id of the wrong type', { method: 'turn/started', params: { threadId: 't', turn: { id: 0, items: [], status: 'inProgress', error: null } } }],
      ['a notification the protocol does not have', { method: 'thread/nonsense', params: {} }],
      ['an item of no variant', { method: 'item/completed', params: { threadId: 't', turnId: 'u', item: { type: 'shout', id: 'i' } } }],
    ])('%s', (_what, msg) => {
      const m = JSON.parse(JSON.stringify(msg)) as Msg;
      expect(schema.problem(m, () => undefined)).not.toBe('');
      // weft's zod refuses it too (a method it does not send has none).
      expect(zodOf(m, () => undefined)?.safeParse(m.params).success ?? false).toBe(false);
    });
    it('an answer that misses a required key of its response', () => {
      expect(schema.problem({ id: 1, result: { data: [] } }, () => 'thread/loaded/list')).toBe('');
      expect(schema.problem({ id: 1, result: {} }, () => 'thread/loaded/list')).not.toBe('');
    });
  });
});
