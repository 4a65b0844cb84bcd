// `weft acp`: weft as an ACP agent of its own (the official SDK's agent side, weft's engine behind
// it), driven through the same editor session as codex-acp over `weft app-server`
// (test/support/acp-session-test.ts): initialize, a new session, a streamed answer, a command the
// editor approves, a cancelled prompt, the session list and a load from a fresh process.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, test } from 'vitest';
import { runAcpSession } from '../../support/acp-session-test.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));

afterEach(async () => {
  await removeTempDirs();
});

describe('weft acp', () => {
  test('an editor session: prompts, an approved command, cancel, list and load', { timeout: 120_000 }, async () => {
    await runAcpSession((ws) => ({ command: process.execPath, args: [BIN, 'acp'], env: ws.env }));
  });
});
