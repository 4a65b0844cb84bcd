// Marketplaces from Git, where Codex 0.169 keeps them: cloned into
// `<home>/.tmp/marketplaces/<name>` (through a staging folder beside them, named once the clone's
// marketplace file gives the name), recorded as `source_type = "git"` with the URL (and `ref`). An
// upgrade fetches the recorded ref, resets the clone to it and writes `.codex-marketplace-install.json`
// with the revision; the marketplace counts as upgraded when that revision changed. `owner/repo` means
// its GitHub repository. git runs without a shell, the URL after `--`, and only over http(s), ssh and
// git (GIT_ALLOW_PROTOCOL), so no source can name a transport that runs commands.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadMarketplace, MARKETPLACE_FILE } from './marketplace-file.js';
import { PluginError } from './plugin-error.js';
import { checkedSegment } from './plugin-id.js';

const run = promisify(execFile);
const RECORD = '.codex-marketplace-install.json';

export const gitMarketplacesDir = (home: string): string => path.join(home, '.tmp', 'marketplaces');

export function gitMarketplaceRoot(home: string, name: string): string {
  return path.join(gitMarketplacesDir(home), checkedSegment('marketplace name', name));
}

/** The URL to clone for a source that names a Git repository; undefined for anything else. */
export function gitSourceUrl(source: string): string | undefined {
  if (/^(https?|ssh|git):\/\/[^\s]+$/i.test(source)) return source;
  if (/^[A-Za-z0-9_.-]+@[A-Za-z0-9_.-]+:[^\s]+$/.test(source)) return source;
  if (/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(source) && !source.startsWith('.')) return `https://github.com/${source.replace(/\.git$/, '')}.git`;
  return undefined;
}

async function git(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run('git', [...args], { env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_ALLOW_PROTOCOL: 'http:https:ssh:git' }, maxBuffer: 16 * 1024 * 1024 });
    return stdout.trim();
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim() ?? '';
    throw new PluginError(`git ${args.filter((a) => a !== '--').slice(0, 2).join(' ')} failed${stderr ? `: ${stderr}` : ''}`, { cause: err });
  }
}

function checkedRef(ref: string | null | undefined): string | undefined {
  if (ref === undefined || ref === null) return undefined;
  if (ref === '' || ref.startsWith('-') || /[\s~^:?*[\\]/.test(ref)) throw new PluginError(`\`${ref}\` is not a Git ref name`);
  return ref;
}

export interface ClonedMarketplace {
  readonly name: string;
  /** The clone in its staging folder; `place` moves it to the marketplace's root. */
  readonly staged: string;
  place(): Promise<string>;
  discard(): Promise<void>;
}

/** Clones `url` into a staging folder and reads its marketplace's name. */
export async function cloneMarketplace(home: string, url: string, ref: string | null | undefined, env: NodeJS.ProcessEnv): Promise<ClonedMarketplace> {
  const staging = path.join(gitMarketplacesDir(home), '.staging');
  await mkdir(staging, { recursive: true });
  const dir = await mkdtemp(path.join(staging, 'marketplace-'));
  const discard = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    const checkout = path.join(dir, 'checkout');
    const branch = checkedRef(ref);
    await git(['clone', ...(branch ? ['--branch', branch] : []), '--', url, checkout], env);
    const isFile = await stat(path.join(checkout, MARKETPLACE_FILE)).then((s) => s.isFile(), () => false);
    if (!isFile) throw new PluginError(`the repository \`${url}\` holds no marketplace: expected ${MARKETPLACE_FILE} in it`);
    const name = checkedSegment('marketplace name', (await loadMarketplace(path.join(checkout, MARKETPLACE_FILE))).name);
    const place = async (): Promise<string> => {
      const root = gitMarketplaceRoot(home, name);
      await rm(root, { recursive: true, force: true });
      await rename(checkout, root);
      await discard();
      return root;
    };
    return { name, staged: checkout, place, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

interface InstallRecord {
  readonly source_type: 'git';
  readonly source: string;
  readonly ref_name: string | null;
  readonly sparse_paths: string[];
  readonly revision: string;
}

async function recordedRevision(root: string): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(root, RECORD), 'utf8')) as { revision?: unknown };
    return typeof parsed.revision === 'string' ? parsed.revision : undefined;
  } catch {
    return undefined;
  }
}

/** Brings a clone to its ref's newest revision; true when the revision changed since the last upgrade. */
export async function upgradeClone(root: string, url: string, ref: string | undefined, env: NodeJS.ProcessEnv): Promise<boolean> {
  const branch = checkedRef(ref);
  await git(['-C', root, 'fetch', '--', url, branch ?? 'HEAD'], env);
  await git(['-C', root, 'reset', '--hard', 'FETCH_HEAD'], env);
  const revision = await git(['-C', root, 'rev-parse', 'HEAD'], env);
  const before = await recordedRevision(root);
  const record: InstallRecord = { source_type: 'git', source: url, ref_name: branch ?? null, sparse_paths: [], revision };
  await writeFile(path.join(root, RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return before !== revision;
}
