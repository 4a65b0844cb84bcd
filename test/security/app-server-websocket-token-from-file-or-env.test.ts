// `--ws-token TOKEN` is seen by every local user in `ps`. The real CLI takes the token from a file
// (`--ws-token-file`, Codex 0.169's option, with its `--ws-auth capability-token`), from
// $WEFT_APP_SERVER_WS_TOKEN, or as its SHA-256 (`--ws-token-sha256`, Codex's too): the token never
// appears in the server's command line, and clients without it are turned away (401).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { appServerWorkspace0169 } from '../support/appserver-workspace.js';
import { removeTempDirs } from '../support/temp-tree.js';
import { WsClient } from '../support/ws-client.js';

afterEach(removeTempDirs);

const BIN = fileURLToPath(new URL('../../bin/weft.js', import.meta.url));
const TOKEN = 'tok-' + 'x'.repeat(40);

async function startServer(args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'app-server', '--listen', 'ws://127.0.0.1:0', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /listening on (ws:\/\/\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`app-server exited ${code}: ${err}`)));
  });
  return { url, child, stderr: () => err };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function commandLineOf(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
}

test('the token comes from a file, the environment or its SHA-256, never from the command line', async () => {
  const ws = await appServerWorkspace0169('http://127.0.0.1:9');
  const file = join(ws.root, 'ws-token');
  await writeFile(file, `${TOKEN}\n`, { mode: 0o600 });
  const sha = createHash('sha256').update(TOKEN).digest('hex');
  const ways: Array<{ args: string[]; env: Record<string, string> }> = [
    { args: ['--ws-auth', 'capability-token', '--ws-token-file', file], env: {} },
    { args: ['--ws-token-file', file], env: {} },
    { args: [], env: { WEFT_APP_SERVER_WS_TOKEN: TOKEN } },
    { args: ['--ws-token-sha256', sha], env: {} },
  ];
  for (const way of ways) {
    const server = await startServer(way.args, { ...ws.options.env, ...way.env } as Record<string, string>);
    try {
      expect(commandLineOf(server.child.pid!)).not.toContain(TOKEN);
      await expect(WsClient.connect(server.url)).rejects.toThrow(/401/);
      await expect(WsClient.connect(server.url, { Authorization: 'Bearer wrong' })).rejects.toThrow(/401/);
      const ok = await WsClient.connect(server.url, { Authorization: `Bearer ${TOKEN}` });
      await ok.initialize();
      await ok.close();
    } finally {
      await stop(server.child);
    }
  }
}, 60_000);

test('--ws-token still works and says it is visible in ps; an empty token file is refused', async () => {
  const ws = await appServerWorkspace0169('http://127.0.0.1:9');
  const server = await startServer(['--ws-token', TOKEN], ws.options.env as Record<string, string>);
  try {
    expect(server.stderr()).toMatch(/--ws-token is visible to every local user/);
    await expect(WsClient.connect(server.url)).rejects.toThrow(/401/);
  } finally {
    await stop(server.child);
  }
  const empty = join(ws.root, 'empty');
  await writeFile(empty, '\n');
  await expect(startServer(['--ws-token-file', empty], ws.options.env as Record<string, string>)).rejects.toThrow(/the file is empty/);
}, 60_000);
