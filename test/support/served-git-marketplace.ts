// A local marketplace in a bare Git repository, served read-only over git's dumb HTTP by a static
// server on 127.0.0.1 (no network beyond the loopback); `push` publishes a change and answers its
// revision.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { writeMarketplace } from './plugin-marketplace.js';

export interface ServedMarketplace {
  readonly url: string;
  push(file: string, text: string): string;
  close(): Promise<void>;
}

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();

export async function serveGitMarketplace(root: string): Promise<ServedMarketplace> {
  const work = join(root, 'work');
  const base = join(root, 'served');
  const bare = join(base, 'mkt.git');
  await writeMarketplace(work);
  git(root, 'init', '-q', '-b', 'main', work);
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', 'first');
  git(root, 'clone', '-q', '--bare', work, bare);
  git(bare, 'update-server-info');
  const server = createServer((req, res) => {
    const file = normalize(join(base, decodeURIComponent((req.url ?? '/').split('?')[0] as string)));
    if (!file.startsWith(base)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => res.writeHead(200).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mkt.git`,
    push: (file, text) => {
      writeFileSync(join(work, file), text);
      git(work, 'add', '-A');
      git(work, 'commit', '-qm', 'change');
      git(work, 'push', '-q', bare, 'main');
      git(bare, 'update-server-info');
      return git(work, 'rev-parse', 'HEAD');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
