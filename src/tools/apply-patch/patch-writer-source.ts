// The source of the patch writer: the small program that writes a planned patch, run with `node -e`
// in a process of its own inside the thread's sandbox (write-plan.ts), so the kernel judges every
// write at the moment it is made and a directory swapped for a symlink after the plan was checked
// leads nowhere the policy forbids. Kept as source text (CommonJS, as `node -e` runs it): it is never
// imported, and it needs no file of weft's on disk.
//
// It reads `{"writes": [[path, text | null], …]}` (absolute paths; null removes the file) on stdin
// and does it all or nothing: each new text goes to a temporary file beside its target and is renamed
// over it, removals come last, and when any step fails every file already changed is put back (its
// old bytes rewritten, a created file or directory removed). It prints one JSON line:
// `{"ok": true}` or `{"ok": false, "path": …, "detail": …}`.
export const PATCH_WRITER_SOURCE = String.raw`'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { randomBytes } = require('node:crypto');

function bytesIfPresent(file) {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if (err && (err.code === 'ENOENT' || err.code === 'ENOTDIR')) return undefined;
    throw err;
  }
}

// Creates the missing ancestors of dir; returns those it created, deepest first.
function makeParents(dir) {
  const missing = [];
  for (let d = dir; ; d = path.dirname(d)) {
    try {
      fs.statSync(d);
      break;
    } catch {
      missing.push(d);
      if (path.dirname(d) === d) break;
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  return missing;
}

function apply(writes) {
  const undo = [];
  let failing = '';
  try {
    for (const [file, text] of writes.filter(([, t]) => t !== null)) {
      failing = file;
      const before = bytesIfPresent(file);
      const created = makeParents(path.dirname(file));
      undo.push(() => { for (const d of created) try { fs.rmdirSync(d); } catch {} });
      const temp = path.join(path.dirname(file), '.' + path.basename(file) + '.weft-' + randomBytes(4).toString('hex'));
      fs.writeFileSync(temp, text, { flag: 'wx' });
      try {
        fs.renameSync(temp, file);
      } catch (err) {
        try { fs.unlinkSync(temp); } catch {}
        throw err;
      }
      undo.push(() => (before === undefined ? fs.rmSync(file, { force: true }) : fs.writeFileSync(file, before)));
    }
    for (const [file] of writes.filter(([, t]) => t === null)) {
      failing = file;
      const before = fs.readFileSync(file);
      fs.unlinkSync(file);
      undo.push(() => fs.writeFileSync(file, before));
    }
    return { ok: true };
  } catch (err) {
    for (const step of undo.reverse()) try { step(); } catch {}
    return { ok: false, path: failing, detail: err instanceof Error ? err.message : String(err) };
  }
}

// Plain reads and writes of the descriptors: node's stream for a socket stdin asks the socket for its
// name first, a call the sandbox's filter refuses without network access.
const { writes } = JSON.parse(fs.readFileSync(0, 'utf8'));
fs.writeSync(1, JSON.stringify(apply(writes)) + '\n');
`;
