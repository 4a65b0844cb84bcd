// skills/config/write, modelProvider/config/write and feedback/* (0.169), as the real Codex 0.169
// answers them on a mock: a skill switched off becomes a `[[skills.config]]` entry (on again: the
// entry goes) and skills/list shows it; a custom gateway is written as `[model_providers.ID]` with
// an id made from its name; both keep the file's comments. feedback/save writes a ZIP report with
// Codex's entries and prompt hash, never over an existing file (nor through a planted link); upload
// sends nothing anywhere.
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appServer0169Sessions, errorMessage, ok } from '../../support/appserver-0169-session.js';
import type { Msg } from '../../support/appserver-client.js';
import { promptHash } from '../../../src/app-server/handlers/feedback.js';

const open = appServer0169Sessions();
const code = (m: Msg): number => (m.error as { code: number }).code;

/** The entries of a ZIP (deflated or stored), read from its central directory. */
function unzip(buf: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = buf.readUInt32LE(end + 16);
  for (let i = 0; i < buf.readUInt16LE(end + 10); i++) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString();
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString());
    at += 46 + nameLen + extra;
  }
  return out;
}

describe('skills/config/write (0.169)', () => {
  it('switches a skill off and on by name or path, keeping comments, and skills/list follows', async () => {
    const { c, ws } = await open(async (w) => {
      await mkdir(join(w.codexHome, 'skills', 'demo'), { recursive: true });
      await writeFile(join(w.codexHome, 'skills', 'demo', 'SKILL.md'), '---\nname: demo\ndescription: A demo skill\n---\nbody\n');
      await writeFile(join(w.codexHome, 'config.toml'), `# my settings\n${await readFile(join(w.codexHome, 'config.toml'), 'utf8')}`);
    });
    const config = join(ws.codexHome, 'config.toml');
    const skillPath = join(ws.codexHome, 'skills', 'demo', 'SKILL.md');
    const listed = async (): Promise<boolean | undefined> =>
      ok<{ data: { skills: { name: string; enabled: boolean }[] }[] }>(await c.request('skills/list', { cwds: [ws.cwd] })).data[0]?.skills.find((s) => s.name === 'demo')?.enabled;
    expect(await listed()).toBe(true);

    expect(ok(await c.request('skills/config/write', { enabled: false, name: 'demo' }))).toEqual({ effectiveEnabled: false });
    let text = await readFile(config, 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toMatch(/\[\[skills\.config\]\]\s*\nname = "demo"\s*\nenabled = false/);
    expect(await listed()).toBe(false);
    expect(ok(await c.request('skills/config/write', { enabled: true, name: 'demo' }))).toEqual({ effectiveEnabled: true });
    expect(await readFile(config, 'utf8')).not.toContain('skills');
    expect(await listed()).toBe(true);

    ok(await c.request('skills/config/write', { enabled: false, path: skillPath }));
    text = await readFile(config, 'utf8');
    expect(text).toContain(`path = "${skillPath}"`);
    expect(await listed()).toBe(false);

    for (const params of [{ enabled: true }, { enabled: true, name: 'demo', path: skillPath }]) {
      const refused = await c.request('skills/config/write', params);
      expect([code(refused), errorMessage(refused)]).toEqual([-32602, 'skills/config/write requires exactly one of path or name']);
    }
  });
});

describe('modelProvider/config/write (0.169)', () => {
  it('creates a custom gateway with an id from its name, edits it, and lists it', async () => {
    const { c, ws } = await open();
    const created = ok<{ provider: Record<string, unknown> }>(
      await c.request('modelProvider/config/write', { settings: { type: 'customGateway', name: 'My GW', baseUrl: 'http://127.0.0.1:9/v1', envKey: 'GW_KEY' } }),
    );
    expect(created.provider).toEqual({ id: 'my-gw', name: 'My GW', canEdit: true, baseUrl: 'http://127.0.0.1:9/v1', settings: { type: 'customGateway', auth: { mode: 'environmentVariable', envKey: 'GW_KEY' } } });
    const text = await readFile(join(ws.codexHome, 'config.toml'), 'utf8');
    expect(text).toContain('[model_providers.mock]');
    expect(text).toMatch(/\[model_providers\.my-gw\]\s*\nbase_url = "http:\/\/127\.0\.0\.1:9\/v1"\s*\nenv_key = "GW_KEY"\s*\nname = "My GW"\s*\nwire_api = "responses"/);

    const edited = ok<{ provider: Record<string, unknown> }>(await c.request('modelProvider/config/write', { settings: { type: 'customGateway', providerId: 'my-gw', envKey: null } }));
    expect(edited.provider).toMatchObject({ id: 'my-gw', name: 'My GW', baseUrl: 'http://127.0.0.1:9/v1', settings: { type: 'customGateway', auth: { mode: 'none' } } });
    const second = ok<{ provider: { id: string } }>(await c.request('modelProvider/config/write', { settings: { type: 'customGateway', name: 'My GW', baseUrl: 'http://127.0.0.1:9/v2' } }));
    expect(second.provider.id).toBe('my-gw-2');
    const list = ok<{ data: { id: string }[] }>(await c.request('modelProvider/list', {}));
    expect(list.data.map((p) => p.id)).toEqual(['mock', 'my-gw', 'my-gw-2', 'openai']);
    expect(errorMessage(await c.request('modelProvider/config/write', { settings: { type: 'bedrock', providerId: 'amazon-bedrock' } }))).toMatch(/weft has no Amazon Bedrock provider/);
  });
});

describe('feedback (0.169)', () => {
  it('saves Codex\'s report ZIP with the thread\'s rollout and prompt hash, never over an existing file', async () => {
    const { c, ws } = await open();
    const { thread } = ok<{ thread: { id: string; path: string } }>(await c.request('thread/start', { cwd: ws.cwd }));
    const from = c.received.length;
    const { turn } = ok<{ turn: { id: string } }>(await c.request('turn/start', { threadId: thread.id, input: [{ type: 'text', text: 'hi', text_elements: [] }] }));
    await c.turnCompleted(thread.id, turn.id, from);

    const savePath = join(ws.root, 'fb.zip');
    const saved = ok<{ savedPath: string; threadId: string; promptHash: string | null }>(
      await c.request('feedback/save', { classification: 'bad_result', reason: 'wrong answer', tags: { k: 'v' }, threadId: thread.id, savePath, includeLogs: true }),
    );
    const meta = JSON.parse((await readFile(thread.path, 'utf8')).split('\n')[0] as string) as { payload: { base_instructions: { text: string } } };
    expect(saved).toEqual({ savedPath: savePath, threadId: thread.id, promptHash: promptHash(meta.payload.base_instructions.text) });
    const zip = unzip(await readFile(savePath));
    const rolloutName = thread.path.split('/').at(-1) as string;
    expect([...zip.keys()]).toEqual(['report.json', `attachments/0000/${rolloutName}`, 'manifest.json']);
    const report = JSON.parse(zip.get('report.json') as string) as Record<string, unknown>;
    expect(report).toMatchObject({
      message: `[Bad result]: Codex session ${thread.id}`,
      exception: { values: [{ type: `[Bad result]: Codex session ${thread.id}`, value: 'wrong answer' }] },
      tags: { k: 'v', classification: 'bad_result', thread_id: thread.id, session_source: 'vscode' },
    });
    expect(report.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(zip.get('manifest.json') as string)).toEqual([{ entry: `attachments/0000/${rolloutName}`, filename: rolloutName, contentType: 'text/plain' }]);
    expect(zip.get(`attachments/0000/${rolloutName}`)).toBe(await readFile(thread.path, 'utf8'));

    const again = await c.request('feedback/save', { classification: 'bug', savePath, includeLogs: false });
    expect([code(again), errorMessage(again)]).toEqual([-32603, 'failed to save feedback: feedback save path already exists']);
    // A link planted at the path is not written through.
    const target = join(ws.root, 'victim.txt');
    await writeFile(target, 'keep');
    await symlink(target, join(ws.root, 'link.zip'));
    expect(code(await c.request('feedback/save', { classification: 'bug', savePath: join(ws.root, 'link.zip') }))).toBe(-32603);
    expect(await readFile(target, 'utf8')).toBe('keep');
    expect(errorMessage(await c.request('feedback/save', { classification: 'bug', savePath: 'rel.zip' }))).toBe('feedback savePath must be an absolute host path');

    const bare = ok<{ threadId: string; promptHash: null }>(await c.request('feedback/save', { classification: 'bug', savePath: join(ws.root, 'bare.zip') }));
    expect(bare.threadId).toMatch(/^no-active-thread-[0-9a-f-]{36}$/);
    expect(bare.promptHash).toBeNull();
    expect([...unzip(await readFile(join(ws.root, 'bare.zip'))).keys()]).toEqual(['report.json', 'manifest.json']);
  });

  it('upload sends nothing: it answers that weft keeps feedback on this machine', async () => {
    const { c } = await open();
    const answer = await c.request('feedback/upload', { classification: 'bug', includeLogs: true });
    expect(code(answer)).toBe(-32600);
    expect(errorMessage(answer)).toMatch(/^failed to upload feedback: weft sends feedback nowhere/);
  });
});
