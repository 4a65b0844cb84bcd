// Runs the issue-37 "done when" session over an app-server and prints every message the client
// received: a goal created, a question asked of the user (answered), two agents spawned, waited for,
// and the goal completed. `--codex` runs the real Codex 0.169 (`~/.cache/weft-codex-0.169.0`) as a
// stdio app-server; without it, weft's app-server runs in-process. Both talk to one loopback mock
// scripted per agent (respondByAgent). Output: one JSON message per line (`--out FILE` writes it;
// `--requests FILE` the model requests). `--goal`: a goal set over thread/goal/set on an idle thread.
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { codexAppServer, driveGoalSession, driveTeamSession, goalSessionScript, teamSessionScript, teamWorkspace, weftAppServer } from '../test/support/team-session.js';
import { startMockResponsesServer } from '../src/testing/index.js';

async function main(): Promise<void> {
  const codex = process.argv.includes('--codex');
  const goal = process.argv.includes('--goal');
  const outAt = process.argv.indexOf('--out');
  const mock = await startMockResponsesServer({ respond: goal ? goalSessionScript() : teamSessionScript() });
  const ws = await teamWorkspace(mock.url, codex ? undefined : 'codex-0.169');
  const transport = codex ? codexAppServer(join(homedir(), '.cache/weft-codex-0.169.0/node_modules/.bin/codex'), ws) : weftAppServer(ws);
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
