// The installation id Codex 0.169 sends with every request: a UUID kept in `<home>/installation_id`
// (the same file Codex uses, so both tools report one installation for one home).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIRS, PRIVATE_FILE_MODE } from '../../rollout/store/file-modes.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function installationId(home: string): Promise<string> {
  const file = path.join(home, 'installation_id');
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (UUID.test(text)) return text.toLowerCase();
  } catch {
    // absent or unreadable: make one
  }
  const id = randomUUID();
  try {
    await mkdir(home, PRIVATE_DIRS);
    // `wx`: when another process made it meanwhile, theirs wins.
    await writeFile(file, id, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return id;
  } catch {
    try {
      const text = (await readFile(file, 'utf8')).trim();
      if (UUID.test(text)) return text.toLowerCase();
    } catch {
      // fall through: an id for this process only
    }
    return id;
  }
}
