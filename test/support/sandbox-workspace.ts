// A workspace for the sandbox tests: `work` (the cwd) beside `outside`, under the checkout rather than
// /tmp (which workspace-write makes writable), so only the sandbox's rules decide what a write may do.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';

const dirs: string[] = [];

/** A fresh `{cwd, outside}` pair; removed by removeSandboxWorkspaces. */
export function sandboxWorkspace(prefix: string): { cwd: string; outside: string } {
  const root = mkdtempSync(path.join(process.cwd(), prefix));
  dirs.push(root);
  const cwd = path.join(root, 'work');
  const outside = path.join(root, 'outside');
  mkdirSync(cwd);
  mkdirSync(outside);
  return { cwd, outside };
}

export function removeSandboxWorkspaces(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}
