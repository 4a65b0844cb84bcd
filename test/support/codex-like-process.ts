// Another process acting as Codex 0.169 on a shared home: it holds a thread's writer lock (flock)
// or writes to the state database, so tests see weft meet a real second process, not a second
// handle in its own. Plain Node scripts (node -e), resolved from the repository's node_modules.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const REPO = new URL('../..', import.meta.url).pathname;

export interface CodexLikeProcess {
  readonly child: ChildProcess;
  /** Resolves with the first line the process prints that starts with `prefix`. */
  line(prefix: string): Promise<string>;
  /** Resolves when the process has exited. */
  exited(): Promise<number | null>;
}

export function codexLikeProcess(script: string, args: readonly string[]): CodexLikeProcess {
  const child = spawn(process.execPath, ['-e', script, '--', ...args], { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: Array<{ prefix: string; resolve: (l: string) => void }> = [];
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  createInterface({ input: child.stdout! }).on('line', (l) => {
    lines.push(l);
    for (const w of waiters.filter((w) => l.startsWith(w.prefix))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(l);
    }
  });
  return {
    child,
    line: (prefix) => {
      const seen = lines.find((l) => l.startsWith(prefix));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ prefix, resolve });
        void exit.then((code) => reject(new Error(`process exited (${code}) before printing ${prefix}`)));
      });
    },
    exited: () => exit,
  };
}

/** Holds the writer lock of a thread (exclusive flock) until its stdin closes or it is killed. */
export const HOLD_WRITER_LOCK = `
const fs = require('node:fs'); const path = require('node:path');
const [dir, id] = process.argv.slice(1);
fs.mkdirSync(dir, { recursive: true });
const fd = fs.openSync(path.join(dir, id + '.lock'), 'a');
try { require('fs-ext').flockSync(fd, 'exnb'); } catch (e) { console.log('busy ' + e.code); process.exit(0); }
console.log('held');
process.stdin.resume(); process.stdin.on('end', () => process.exit(0));
`;

/** Holds a write transaction on the database, inserting one thread, then commits after argv[3] ms. */
export const HOLD_WRITE_TRANSACTION = `
const Database = require('better-sqlite3');
const [file, id, ms] = process.argv.slice(1);
const db = new Database(file);
db.exec('BEGIN IMMEDIATE');
db.prepare("INSERT INTO threads (id, rollout_path, created_at, updated_at, source, model_provider, cwd, title, sandbox_policy, approval_mode, preview) VALUES (?, '/x', 1, 1, 'exec', 'openai', '/', 'codex', '{}', 'never', 'codex')").run(id);
console.log('locked');
setTimeout(() => { db.exec('COMMIT'); db.close(); console.log('committed'); }, Number(ms));
`;

/** Inserts argv[3] threads one statement at a time, as a busy Codex would, waiting on locks. */
export const WRITE_MANY = `
const Database = require('better-sqlite3');
const [file, prefix, n] = process.argv.slice(1);
const db = new Database(file, { timeout: 10000 });
console.log('started');
const insert = db.prepare("INSERT INTO threads (id, rollout_path, created_at, updated_at, source, model_provider, cwd, title, sandbox_policy, approval_mode, preview) VALUES (?, '/x', 1, 1, 'exec', 'openai', '/', 't', '{}', 'never', 't')");
for (let i = 0; i < Number(n); i++) insert.run(prefix + String(i).padStart(12, '0'));
db.close();
`;
