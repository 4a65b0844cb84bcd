// `thread_store` in config.toml or WEFT_THREAD_STORE chooses where threads are kept (the home's files
// by default); a malformed value or an unreachable server is refused with a message that names the
// problem and never the password the URL carries.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredHome, threadStoreOf } from '../../../src/engine/configured-profile.js';
import { ConfigError } from '../../../src/errors.js';
import { ThreadStoreUnavailableError } from '../../../src/rollout/postgres/connection.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

const SECRET = 'hunter2-secret';

afterEach(removeTempDirs);

async function homeWith(toml: string): Promise<string> {
  const home = await tempDir();
  await writeFile(path.join(home, 'config.toml'), toml);
  return home;
}

describe('thread store setting', () => {
  it('keeps threads in the home files by default', async () => {
    const configured = await configuredHome({ env: {}, home: await homeWith('') });
    expect(threadStoreOf({ ...configured, env: {} }).kind).toBe('files');
  });

  it('chooses Postgres from config.toml, and WEFT_THREAD_STORE over it', async () => {
    const configured = await configuredHome({ env: {}, home: await homeWith(`thread_store = "postgres://weft:${SECRET}@127.0.0.1:1/threads"\n`) });
    expect(threadStoreOf({ ...configured, env: {} }).kind).toBe('postgres');
    expect(threadStoreOf({ ...configured, env: { WEFT_THREAD_STORE: 'files' } }).kind).toBe('files');
  });

  it('refuses a thread_store that is not a postgres URL without repeating it', async () => {
    const home = await homeWith(`thread_store = "mysql://weft:${SECRET}@db/threads"\n`);
    const err = await configuredHome({ env: {}, home }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/thread_store/);
    expect((err as Error).message).not.toContain(SECRET);
  });

  it('refuses a malformed WEFT_THREAD_STORE without repeating it', async () => {
    const configured = await configuredHome({ env: {}, home: await homeWith('') });
    const choose = () => threadStoreOf({ ...configured, env: { WEFT_THREAD_STORE: `pg:${SECRET}` } });
    expect(choose).toThrow(ConfigError);
    expect(choose).toThrow(/WEFT_THREAD_STORE must be/);
    try {
      choose();
    } catch (err) {
      expect((err as Error).message).not.toContain(SECRET);
    }
  });

  it('names an unreachable server without its password', async () => {
    const configured = await configuredHome({ env: {}, home: await homeWith('') });
    // Port 1 on the loopback: nothing listens there.
    const store = threadStoreOf({ ...configured, env: { WEFT_THREAD_STORE: `postgres://weft:${SECRET}@127.0.0.1:1/threads` } });
    const err = await store.list({ limit: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThreadStoreUnavailableError);
    expect((err as Error).message).toContain('postgres://weft@127.0.0.1:1/threads');
    expect((err as Error).message).toMatch(/nothing listens there/);
    expect(`${(err as Error).message} ${String((err as Error).stack)}`).not.toContain(SECRET);
    await store.close();
  });
});
