// Import then export through the Postgres store gives back every conformance rollout byte for byte;
// an import is idempotent (a re-run stores nothing new) and resumable (a thread holding part of the
// bytes gets the rest); an import over a different thread is refused.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresThreadStore } from '../../../../src/rollout/postgres/postgres-thread-store.js';
import { conformanceDir } from '../../../support/recorded-rollouts.js';
import { startPostgresCluster, type PostgresCluster } from '../../../support/postgres-cluster.js';
import { removeTempDirs, tempDir } from '../../../support/temp-tree.js';

function conformanceRollouts(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.jsonl') && (name.startsWith('rollout-') || path.basename(dir) === 'rollouts')) out.push(full);
    }
  };
  walk(conformanceDir());
  return out;
}

async function exported(store: PostgresThreadStore, file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of store.exportRollout(file)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const key = (home: string, n: number): string =>
  path.join(home, 'sessions', '2026', '01', '02', `rollout-2026-01-02T03-04-05-0194f0c2-7a3e-7c4d-9b1a-${n.toString(16).padStart(12, '0')}.jsonl`);

describe('postgres store import and export', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    await removeTempDirs();
    await cluster?.stop();
  });

  it('exports every conformance rollout exactly as imported', async () => {
    const home = await tempDir();
    const store = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const files = conformanceRollouts();
      expect(files.length).toBeGreaterThan(50);
      for (const [i, source] of files.entries()) {
        const bytes = readFileSync(source);
        expect(await store.importRollout(key(home, i), bytes)).toBe('imported');
        expect((await exported(store, key(home, i))).equals(bytes), source).toBe(true);
      }
    } finally {
      await store.close();
    }
  });

  it('completes a partial import and leaves a complete one alone', async () => {
    const home = await tempDir();
    const store = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const bytes = readFileSync(conformanceRollouts()[0] as string);
      const cut = bytes.indexOf(0x0a, bytes.length >> 1) + 1;
      const file = key(home, 1);
      expect(await store.importRollout(file, bytes.subarray(0, cut))).toBe('imported');
      expect(await store.importRollout(file, bytes)).toBe('completed');
      expect(await store.importRollout(file, bytes)).toBe('present');
      expect((await exported(store, file)).equals(bytes)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('refuses to import over a thread holding other bytes', async () => {
    const home = await tempDir();
    const store = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const a = readFileSync(conformanceRollouts()[0] as string);
      // Longer than what is stored, but not a continuation of it.
      const b = Buffer.concat([Buffer.from('{"other":1}\n'), a]);
      const file = key(home, 2);
      await store.importRollout(file, a);
      await expect(store.importRollout(file, b)).rejects.toThrow(/a different thread is already stored/);
      expect((await exported(store, file)).equals(a)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('keeps a torn last line as it is', async () => {
    const home = await tempDir();
    const store = new PostgresThreadStore({ url: await cluster.freshDatabase(), home });
    try {
      const bytes = Buffer.concat([readFileSync(conformanceRollouts()[0] as string), Buffer.from('{"timestamp":"2026-01-02T0')]);
      const file = key(home, 3);
      await store.importRollout(file, bytes);
      expect((await exported(store, file)).equals(bytes)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
