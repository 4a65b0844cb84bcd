// Editors over ACP through Codex's own adapter: `@agentclientprotocol/codex-acp` (a pinned
// devDependency) spawns `$CODEX_PATH app-server`, here weft's bin, and an ACP client built on the
// official SDK drives it: initialize, a new session, a streamed answer, a command the editor
// approves, a cancelled prompt, the session list and a load from a fresh process
// (test/support/acp-session-test.ts). The adapter starts in its workspace-write mode, where
// approvals go to the editor (its default sends them to Codex's automatic reviewer).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, test } from 'vitest';
import { runAcpSession } from '../../support/acp-session-test.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const BIN = fileURLToPath(new URL('../../../bin/weft.js', import.meta.url));
const CODEX_ACP = createRequire(import.meta.url).resolve('@agentclientprotocol/codex-acp');

afterEach(async () => {
  await removeTempDirs();
});

describe('codex-acp over weft app-server', () => {
  test('an editor session: prompts, an approved command, cancel, list and load', { timeout: 120_000 }, async () => {
    await runAcpSession((ws) => ({
      command: process.execPath,
      args: [CODEX_ACP],
      env: { ...ws.env, CODEX_PATH: BIN, INITIAL_AGENT_MODE: 'workspace-write' },
    }));
  });
});
