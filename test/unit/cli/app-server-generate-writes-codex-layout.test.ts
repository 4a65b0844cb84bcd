// `weft app-server generate-json-schema` and `generate-ts` write Codex's file names and layout:
// every JSON file weft writes is one Codex 0.169 writes at the same path (the recorded schema
// directory), and the files clients look for first are there; every TypeScript file is one the real
// Codex 0.169 writes (when that binary is installed: scripts/install-codex.sh 0.169.0) and the
// types compile. `--help` of each subcommand prints that subcommand's help.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { findCodexBinary } from '../../conformance/codex-binary-driver.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const codexJsonDir = join(conformanceRoot(), 'appserver-0.169', 'schema', 'json');

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { env: {}, cwd: process.cwd(), stdout: (l) => out.push(l), stderr: (l) => err.push(l), isTty: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

afterAll(removeTempDirs);

describe('generate-json-schema / generate-ts layout', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('weft-generate-');
    expect((await run(['app-server', 'generate-json-schema', '--compat', 'codex-0.169', '--out', join(dir, 'json')])).code).toBe(0);
    expect((await run(['app-server', 'generate-ts', '--compat', 'codex-0.169', '--out', join(dir, 'ts')])).code).toBe(0);
  });

  it.skipIf(!existsSync(codexJsonDir))('JSON: every file is at a path Codex 0.169 writes, and the entry points are there', () => {
    const weft = files(join(dir, 'json'));
    const codex = new Set(files(codexJsonDir));
    expect(weft.filter((f) => !codex.has(f))).toEqual([]);
    for (const f of [
      'ClientRequest.json',
      'ServerNotification.json',
      'ServerRequest.json',
      'ClientNotification.json',
      'RequestId.json',
      'JSONRPCRequest.json',
      'codex_app_server_protocol.schemas.json',
      'codex_app_server_protocol.v2.schemas.json',
      'v1/InitializeParams.json',
      'v1/InitializeResponse.json',
      'v2/ThreadStartParams.json',
      'v2/ThreadStartResponse.json',
      'v2/TurnStartParams.json',
      'v2/ThreadSetNameParams.json',
      'v2/ConfigBatchWriteParams.json',
      'v2/ConfigWriteResponse.json',
      'v2/ItemCompletedNotification.json',
      'v2/ThreadStatusChangedNotification.json',
      'v2/WarningNotification.json',
      'v2/ThreadItemsListResponse.json',
      'CommandExecutionRequestApprovalParams.json',
    ]) {
      expect(weft, f).toContain(f);
    }
  });

  it('TypeScript: Codex\'s folders and index files, and the types compile', () => {
    const ts = files(join(dir, 'ts'));
    expect(ts).toContain('index.ts');
    expect(ts).toContain('v2/index.ts');
    expect(ts).toContain('serde_json/JsonValue.ts');
    expect(ts).toContain('InitializeParams.ts');
    expect(ts).toContain('v2/ThreadStartParams.ts');
    expect(ts).toContain('v2/CommandExecutionRequestApprovalParams.ts');
    // The named types the messages use have files of their own, where Codex puts them.
    for (const f of ['v2/Thread.ts', 'v2/Turn.ts', 'v2/ThreadItem.ts', 'v2/ThreadItemEntry.ts', 'v2/ThreadStatus.ts', 'ReasoningEffort.ts', 'AbsolutePathBuf.ts']) expect(ts, f).toContain(f);
    expect(ts.some((f) => f.startsWith('JSONRPC'))).toBe(false);
    const tsc = join(process.cwd(), 'node_modules', '.bin', 'tsc');
    execFileSync(tsc, ['--ignoreConfig', '--noEmit', '--strict', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', ...ts.map((f) => join(dir, 'ts', f))], { stdio: 'pipe' });
  });

  const codex = findCodexBinary('0.169.0');
  it.skipIf(codex === undefined)('TypeScript: every file is at a path the real Codex 0.169 generate-ts writes', async () => {
    const codexDir = join(dir, 'codex-ts');
    execFileSync(codex as string, ['app-server', 'generate-ts', '--out', codexDir], { stdio: 'pipe' });
    const theirs = new Set(files(codexDir));
    expect(files(join(dir, 'ts')).filter((f) => !theirs.has(f))).toEqual([]);
  });

  it('each subcommand has its own --help; a missing --out names the fix', async () => {
    const json = await run(['app-server', 'generate-json-schema', '--help']);
    expect(json.code).toBe(0);
    expect(json.out).toMatch(/^Usage: weft app-server generate-json-schema --out DIR/);
    expect(json.out).not.toMatch(/--listen/);
    const ts = await run(['app-server', 'generate-ts', '--help']);
    expect(ts.out).toMatch(/^Usage: weft app-server generate-ts --out DIR/);
    expect((await run(['app-server', '--help'])).out).toMatch(/--listen URL/);
    const missing = await run(['app-server', 'generate-ts']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/generate-ts needs --out DIR/);
  });
});
