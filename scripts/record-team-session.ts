// Runs the issue-37 "done when" session over an app-server and prints every message the client
// received: a goal created, a question asked of the user (answered), two agents spawned, waited for,
// and the goal completed. `--codex` runs the real Codex 0.169 (`~/.cache/weft-codex-0.169.0`) as a
// stdio app-server; without it, weft's app-server runs in-process. Both talk to one loopback mock
// scripted per agent (respondByAgent). Output: one JSON message per line (`--out FILE` writes it;
// `--requests FILE` the model requests). `--goal`: a goal set over thread/goal/set, then one turn.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { driveGoalSession, driveTeamSession, goalSessionScript, teamSessionScript, type LineTransport } from '../test/support/team-session.js';
import { startMockResponsesServer } from '../src/testing/index.js';
import { AppServer } from '../src/app-server/app-server.js';
import { codexHomeWorkspace, mockProviderTable } from '../test/support/appserver-workspace.js';

async function main(): Promise<void> {
  const codex = process.argv.includes('--codex');
  const outAt = process.argv.indexOf('--out');
  const goal = process.argv.includes('--goal');
  const mock = await startMockResponsesServer({ respond: goal ? goalSessionScript() : teamSessionScript() });
  const compat = codex ? '' : 'compat = "codex-0.169"\n';
  const ws = await codexHomeWorkspace(`${compat}model = "gpt-5.6-sol"\nmodel_provider = "mock"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n${mockProviderTable(mock.url)}request_max_retries = 0\nstream_max_retries = 0\n`);
  let transport: LineTransport;
  if (codex) {
    const bin = join(homedir(), '.cache/weft-codex-0.169.0/node_modules/.bin/codex');
    const child = spawn(bin, ['app-server'], { cwd: ws.cwd, env: { ...ws.env, RUST_LOG: 'error' }, stdio: ['pipe', 'pipe', 'inherit'] });
    const rl = createInterface({ input: child.stdout });
    const listeners: ((line: string) => void)[] = [];
    rl.on('line', (l) => { for (const f of listeners) f(l); });
    transport = { send: (l) => void child.stdin.write(`${l}\n`), onLine: (f) => void listeners.push(f), close: async () => { child.kill('SIGTERM'); } };
  } else {
    const listeners: ((line: string) => void)[] = [];
    const server = new AppServer({ env: ws.env, cwd: ws.cwd, write: (l) => { for (const f of listeners) f(l); } });
    transport = { send: (l) => server.receive(`${l}\n`), onLine: (f) => void listeners.push(f), close: () => server.close() };
  }
  const received = await (goal ? driveGoalSession : driveTeamSession)(transport, ws.cwd);
  await transport.close();
  await mock.close();
  const text = received.map((m) => JSON.stringify(m)).join('\n') + '\n';
  if (outAt >= 0) await writeFile(process.argv[outAt + 1] as string, text);
  else process.stdout.write(text);
  const posts = mock.requests.filter((r) => r.method === 'POST');
  process.stderr.write(`requests: ${posts.length}\n`);
  const reqAt = process.argv.indexOf('--requests');
  if (reqAt >= 0) await writeFile(process.argv[reqAt + 1] as string, posts.map((r) => JSON.stringify({ headers: r.headers, body: r.body })).join('\n') + '\n');
}

void main().then(() => process.exit(0));
