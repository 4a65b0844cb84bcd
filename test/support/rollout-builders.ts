// Small builders for rollout-store tests: a thread file at a given creation time, with or without a
// user turn.
import { utimes } from 'node:fs/promises';
import { RolloutWriter } from '../../src/rollout/format/writer.js';
import type { RolloutLineInput } from '../../src/rollout/format/writer.js';
import { rolloutPath } from '../../src/rollout/store/paths.js';
import { newThreadId } from '../../src/rollout/store/thread-id.js';

export interface BuiltThread {
  id: string;
  path: string;
}

export function sessionMetaPayload(id: string, created: Date, cwd: string) {
  return { id, timestamp: created.toISOString(), cwd, originator: 'weft', cli_version: '0.98.0', source: 'exec', model_provider: 'mock' };
}

export function userTurn(text: string, answer = `answer to ${text}`): RolloutLineInput[] {
  return [
    { type: 'response_item', payload: { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>\nx\n</permissions instructions>' }] } },
    { type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: '<environment_context>\n  <cwd>/w</cwd>\n</environment_context>' }] } },
    { type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } },
    { type: 'event_msg', payload: { type: 'user_message', message: text, images: [], local_images: [], text_elements: [] } },
    { type: 'turn_context', payload: { cwd: '/w', approval_policy: 'never', sandbox_policy: { type: 'read-only' }, model: 'm' } },
    { type: 'event_msg', payload: { type: 'agent_message', message: answer } },
    { type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] } },
    { type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: null } },
  ];
}

/** A rollout created at `created` (local-time file name) in `cwd`; `prompts` become user turns. */
export async function buildThread(
  home: string,
  created: Date,
  options: { cwd?: string; prompts?: string[]; mtime?: Date; id?: string } = {},
): Promise<BuiltThread> {
  const id = options.id ?? newThreadId(created.getTime());
  const path = rolloutPath(home, id, created);
  const w = await RolloutWriter.create(path, { type: 'session_meta', payload: sessionMetaPayload(id, created, options.cwd ?? '/w') });
  for (const p of options.prompts ?? []) await w.append(userTurn(p));
  await w.close();
  if (options.mtime) await utimes(path, options.mtime, options.mtime);
  return { id, path };
}
