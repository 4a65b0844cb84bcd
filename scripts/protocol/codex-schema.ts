// The definitions of a Codex release's app-server JSON Schema bundle: read from a directory, or
// written by the installed binary (~/.cache/weft-codex-<version>, scripts/install-codex.sh) into a
// temporary one. The binary only writes files; it starts no server and opens no connection.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function codexBinary(version: string): string {
  return path.join(os.homedir(), '.cache', `weft-codex-${version}`, 'node_modules', '.bin', 'codex');
}

export function codexSchemaDefinitions(version: string, schemaDir?: string): Record<string, unknown> {
  if (schemaDir !== undefined) return bundleIn(schemaDir);
  const binary = codexBinary(version);
  if (!existsSync(binary)) throw new Error(`Codex ${version} is not installed at ${binary}: run scripts/install-codex.sh ${version}, or pass a schema directory`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `codex-${version}-schema-`));
  try {
    execFileSync(binary, ['app-server', 'generate-json-schema', '--out', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    return bundleIn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function bundleIn(dir: string): Record<string, unknown> {
  const bundle = JSON.parse(readFileSync(path.join(dir, 'codex_app_server_protocol.schemas.json'), 'utf8')) as { definitions: Record<string, unknown> };
  return bundle.definitions;
}
