// Step 1 of "Using a scenario in a conformance test": a temp workspace with repo/, codex_home/, home/
// and extra/, the scenario files, the git repository (whose HEAD must equal `git.head_commit`, since
// the hash is visible to the model) and config.toml pointing at the mock.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, isAbsolute } from 'node:path';
import { promisify } from 'node:util';
import type { Scenario } from './scenario.js';

const run = promisify(execFile);

/** What the harness sends as app-server `clientInfo`; distinctive so normalization cannot misfire. */
export const CLIENT_NAME = 'weft_conformance_client';
export const CLIENT_TITLE = 'Weft Conformance Client';

export interface Materialized {
  /** The common parent of the four directories (`{{WS}}`). */
  root: string;
  /** `{{REPO}}`, `{{CODEX_HOME}}`, `{{HOME}}`, `{{EXTRA}}`, `{{WS}}` → absolute (real) paths. */
  paths: Record<string, string>;
  /** Every placeholder the harness binds (paths, mock URL/host, client name/title). */
  bindings: Record<string, string>;
  /** The scenario `env`, placeholders resolved, with `git` and `bash` findable on PATH. */
  env: Record<string, string>;
  /** Replaces placeholders in every string and key of a JSON value; `extra` adds bindings (thread ids). */
  substitute<T>(value: T, extra?: Record<string, string>): T;
  cleanup(): void;
}

const DIRS: Record<string, string> = { '{{REPO}}': 'repo', '{{CODEX_HOME}}': 'codex_home', '{{HOME}}': 'home', '{{EXTRA}}': 'extra' };

export function substitutePlaceholders(value: unknown, bindings: Record<string, string>): unknown {
  const str = (s: string): string => s.replace(/\{\{[A-Z0-9_]+\}\}/g, (p) => bindings[p] ?? p);
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return value.map((v) => substitutePlaceholders(v, bindings));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [str(k), substitutePlaceholders(v, bindings)]));
  }
  return value;
}

/**
 * How long `{{REPO}}` is in the recordings: 41 to 44 characters. The fixtures normalize paths but not
 * token counts, and a count over a text that names the repository depends on the path's length
 * (0.169's `tool_sandbox_denied` counts `touch: cannot touch '<repo>/x': …` as 23 tokens, which only a
 * 41-44 character path gives). The harness therefore makes every workspace's `{{REPO}}` this long, as
 * the recording harness's was, whatever the scenario; it is a property of the recording machine, like
 * its TMPDIR layout, not of any one fixture.
 */
export const RECORDED_REPO_PATH_LENGTH = 44;

/**
 * The `mkdtemp` prefix under `tmpRoot` (a real path) whose workspace's `repo/` is
 * `RECORDED_REPO_PATH_LENGTH` characters long: `weft-conf-` and as much of the scenario's name as fits
 * (for whoever reads the temp dir), padded. A temp root too long for that keeps the whole name, and
 * counts over paths then differ from the recording's.
 */
export function workspacePrefix(tmpRoot: string, scenarioName: string): string {
  const fixed = tmpRoot.length + '/'.length + 'XXXXXX'.length + '/repo'.length;
  const width = RECORDED_REPO_PATH_LENGTH - fixed;
  const natural = `weft-conf-${scenarioName}-`;
  if (width < 'weft-conf-'.length + 1) return natural;
  return `weft-conf-${scenarioName}`.slice(0, width - 1).padEnd(width - 1, '_') + '-';
}

export interface MaterializeOptions {
  mockUrl: string;
  tmpRoot?: string;
  /**
   * Require HEAD to equal `git.head_commit` (default). A variant that changes the repository's files
   * turns it off: its commit differs from the recording, and both engines then see the same new one.
   */
  verifyHead?: boolean;
}

export async function materializeScenario(scenario: Scenario, opts: MaterializeOptions): Promise<Materialized> {
  // realpath: the engine sees real paths (process cwd, git), and normalization must match them.
  const tmpRoot = realpathSync(opts.tmpRoot ?? tmpdir());
  const root = realpathSync(mkdtempSync(join(tmpRoot, workspacePrefix(tmpRoot, scenario.name))));
  try {
    const paths: Record<string, string> = { '{{WS}}': root };
    for (const [placeholder, name] of Object.entries(DIRS)) {
      paths[placeholder] = join(root, name);
      mkdirSync(join(root, name), { recursive: true });
    }
    const bindings: Record<string, string> = {
      ...paths,
      '{{MOCK_URL}}': opts.mockUrl,
      '{{MOCK_HOST}}': new URL(opts.mockUrl).host,
      '{{CLIENT_NAME}}': CLIENT_NAME,
      '{{CLIENT_TITLE}}': CLIENT_TITLE,
    };
    const sub = (s: string): string => substitutePlaceholders(s, bindings) as string;
    const inside = (p: string): string => {
      const rel = relative(root, p);
      if (!isAbsolute(p) || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`scenario ${scenario.name}: path outside the workspace: ${p}`);
      return p;
    };

    for (const [file, content] of Object.entries(scenario.files)) {
      const path = inside(sub(file));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    for (const [file, base64] of Object.entries(scenario.files_base64)) {
      const path = inside(sub(file));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, Buffer.from(base64, 'base64'));
    }
    if (scenario.git) await makeRepo(scenario, inside(sub(scenario.git.root)), paths['{{HOME}}'] ?? root, opts.verifyHead ?? true);
    const configPath = inside(sub(scenario.config_path));
    mkdirSync(dirname(configPath), { recursive: true });
    writeFileSync(configPath, sub(scenario.config_toml));

    const env = substitutePlaceholders(scenario.env, bindings) as Record<string, string>;
    env.PATH = ensureOnPath(env.PATH ?? '', ['git', 'bash']);
    return {
      root,
      paths,
      bindings,
      env,
      substitute: <T>(value: T, extra: Record<string, string> = {}): T =>
        // Structure-preserving: only strings change, so the value keeps its type.
        substitutePlaceholders(value, { ...bindings, ...extra }) as T,
      cleanup: () => rmSync(root, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

async function makeRepo(scenario: Scenario, repoDir: string, home: string, verifyHead: boolean): Promise<void> {
  const git = scenario.git;
  if (!git) return;
  const c = git.commit;
  // No user/system config may leak in (signing, hooks, templates): HOME is the scenario home.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: c.author_name,
    GIT_AUTHOR_EMAIL: c.author_email,
    GIT_AUTHOR_DATE: c.date,
    GIT_COMMITTER_NAME: c.committer_name,
    GIT_COMMITTER_EMAIL: c.committer_email,
    GIT_COMMITTER_DATE: c.date,
    LANG: 'C',
  };
  const gitArgs = (cmd: string): string[] => {
    const words = cmd.trim().split(/\s+/);
    if (words[0] !== 'git') throw new Error(`scenario ${scenario.name}: unexpected git recipe command: ${cmd}`);
    return words.slice(1);
  };
  const opts = { cwd: repoDir, env };
  mkdirSync(repoDir, { recursive: true });
  await run('git', gitArgs(git.init), opts);
  await run('git', gitArgs(git.add), opts);
  await run('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '--no-verify', '-m', c.message], opts);
  const { stdout } = await run('git', ['rev-parse', 'HEAD'], opts);
  const head = stdout.trim();
  if (verifyHead && head !== git.head_commit) {
    throw new Error(
      `scenario ${scenario.name}: materialized HEAD ${head} != recorded head_commit ${git.head_commit} ` +
        `(files or git recipe differ from the recording; the commit hash is visible to the model)`,
    );
  }
}

/** Appends the directories holding `tools` (found on this process's PATH) when `path` lacks them. */
export function ensureOnPath(path: string, tools: string[]): string {
  const dirs = path.split(delimiter).filter((d) => d !== '');
  const has = (dir: string, tool: string): boolean => existsSync(join(dir, tool));
  for (const tool of tools) {
    if (dirs.some((d) => has(d, tool))) continue;
    const found = (process.env.PATH ?? '').split(delimiter).find((d) => d !== '' && has(d, tool));
    if (found) dirs.push(found);
  }
  return dirs.join(delimiter);
}
