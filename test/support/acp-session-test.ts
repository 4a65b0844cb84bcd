// The one ACP test every agent of weft passes (codex-acp over `weft app-server`, and `weft acp`):
// see acp-scenario.ts for the steps.
import path from 'node:path';
import { expect } from 'vitest';
import { acpWorkspace, agentText, fileExists, startAgent, type AgentCommand, type AgentProcess } from './acp-scenario.js';

/** Resolves once `cond` holds over the updates seen so far (checked on each new update). */
async function until(agent: AgentProcess, cond: () => boolean): Promise<void> {
  while (!cond()) {
    await new Promise<void>((resolve) => agent.child.stdout!.once('data', () => setImmediate(resolve)));
  }
}

export async function runAcpSession(command: AgentCommand): Promise<void> {
  const ws = await acpWorkspace();
  const first = startAgent(ws, command);
  let second: AgentProcess | undefined;
  try {
    const init = await first.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    expect(init.protocolVersion).toBe(1);
    expect(init.agentCapabilities?.loadSession).toBe(true);

    const session = await first.agent.request('session/new', { cwd: ws.cwd, mcpServers: [] });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);

    // A prompt: the answer arrives as streamed chunks of the session.
    const hello = await first.agent.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text: 'hello' }] });
    expect(hello.stopReason).toBe('end_turn');
    const chunks = first.updates.filter((n) => n.sessionId === session.sessionId && n.update.sessionUpdate === 'agent_message_chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(agentText(first.updates)).toContain('echo: hello');

    // A command outside the sandbox: the editor is asked, allows it, and the command runs.
    const seen = first.updates.length;
    const ran = await first.agent.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    expect(ran.stopReason).toBe('end_turn');
    expect(first.permissions).toHaveLength(1);
    expect(first.permissions[0]!.toolCall.toolCallId).toBe('call_acp_1');
    expect(fileExists(path.join(ws.cwd, 'made-by-the-editor'))).toBe(true);
    const later = first.updates.slice(seen).map((n) => n.update);
    expect(later.some((u) => u.sessionUpdate === 'tool_call' && u.toolCallId === 'call_acp_1')).toBe(true);
    expect(later.some((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === 'call_acp_1' && u.status === 'completed')).toBe(true);
    expect(agentText(first.updates.slice(seen))).toContain('The command ran.');

    // A prompt cancelled while its answer streams.
    const before = first.updates.length;
    const waiting = first.agent.request('session/prompt', { sessionId: session.sessionId, prompt: [{ type: 'text', text: 'wait for it' }] });
    await until(first, () => agentText(first.updates.slice(before)).includes('a long answer'));
    await first.agent.notify('session/cancel', { sessionId: session.sessionId });
    expect((await waiting).stopReason).toBe('cancelled');
    ws.release();

    // The session is listed, then loaded by a fresh agent, which replays its history.
    const listed = await first.agent.request('session/list', { cwd: ws.cwd });
    expect(listed.sessions.map((s) => s.sessionId)).toContain(session.sessionId);
    await first.close();

    second = startAgent(ws, command);
    await second.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    await second.agent.request('session/load', { sessionId: session.sessionId, cwd: ws.cwd, mcpServers: [] });
    const replayed = second.updates.filter((n) => n.sessionId === session.sessionId).map((n) => n.update);
    const userText = replayed.flatMap((u) => (u.sessionUpdate === 'user_message_chunk' && u.content.type === 'text' ? [u.content.text] : []));
    expect(userText).toContain('hello');
    expect(agentText(second.updates)).toContain('echo: hello');
  } finally {
    ws.release();
    await first.close();
    await second?.close();
    await ws.mock.close();
  }
}
