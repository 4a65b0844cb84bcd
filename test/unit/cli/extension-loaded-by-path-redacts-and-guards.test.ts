import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { functionCallReply, textReply, type CapturedRequest, type MockReply } from '../../../scripts/mock-responses-server.js';
import { redact, removesRecursivelyAndForcibly } from '../../../examples/redact-and-guard.js';
import { main } from '../../../src/cli/main.js';
import { loadExtension } from '../../../src/extensions/load-extension.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';
import { threadHarness, type ThreadHarness } from '../../support/thread-harness.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/redact-and-guard.ts', import.meta.url));
const GH_TOKEN = `ghp_${'a1B2'.repeat(9)}`;

let harness: ThreadHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await removeTempDirs();
});

const outputOf = (req: CapturedRequest | undefined, callId: string): string => {
  const input = (req?.body as { input: Array<Record<string, unknown>> }).input;
  return String(input.find((i) => i.type === 'function_call_output' && i.call_id === callId)?.output);
};

function script(...steps: MockReply[]): (req: CapturedRequest, i: number) => MockReply {
  return (_req, i) => steps[i] ?? textReply('done');
}

describe('examples/redact-and-guard.ts', () => {
  it('loaded by path: blocks rm -rf before it runs and redacts secrets from tool results, in the request and the rollout', async () => {
    harness = await threadHarness(
      script(functionCallReply('exec_command', { cmd: 'cd build && rm -rf ./out' }, 'call_rm'), functionCallReply('read_env', {}, 'call_env')),
    );
    const ran: string[] = [];
    const weft = (await harness.open())
      .registerTool('exec_command', async (call) => (ran.push(call.arguments), { output: 'ran' }))
      .registerTool('read_env', async () => ({ output: `GITHUB_TOKEN=${GH_TOKEN}\nDB_PASSWORD="hunter2"\nHOME=/home/me` }))
      .use(await loadExtension(EXAMPLE, process.cwd(), 'test'));
    const thread = await weft.startThread();
    await thread.run('clean up and show env');
    expect(ran).toEqual([]);
    expect(outputOf(harness.mock.requests[1], 'call_rm')).toContain('Blocked by the redact-and-guard extension');
    const env = outputOf(harness.mock.requests[2], 'call_env');
    expect(env).toBe('GITHUB_TOKEN=[REDACTED]\nDB_PASSWORD="[REDACTED]"\nHOME=/home/me');
    await thread.close();
    const rollout = await readFile(thread.rolloutPath, 'utf8');
    expect(rollout).not.toContain(GH_TOKEN);
    expect(rollout).not.toContain('hunter2');
  });

  it('loaded from config.toml `extensions` (path relative to the config file)', async () => {
    harness = await threadHarness(script(functionCallReply('exec_command', { cmd: 'rm -r -f /' }, 'call_rm')));
    const home = harness.home;
    await writeFile(path.join(home, 'config.toml'), `extensions = [${JSON.stringify(path.relative(home, EXAMPLE))}]\n${await readFile(path.join(home, 'config.toml'), 'utf8')}`);
    const ran: string[] = [];
    const weft = (await harness.open()).registerTool('exec_command', async () => (ran.push('x'), { output: 'ran' }));
    await (await weft.startThread()).run('wipe it');
    expect(ran).toEqual([]);
    expect(outputOf(harness.mock.requests[1], 'call_rm')).toContain('Blocked by the redact-and-guard extension');
  });

  it('loaded with `weft thread start --extension`: a real command output is redacted', async () => {
    harness = await threadHarness(script(functionCallReply('exec_command', { cmd: "printf 'api_key=abc123secret\\n'" }, 'call_1')), 'sandbox_mode = "danger-full-access"\napproval_policy = "never"\n');
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io = { env: { PATH: process.env.PATH, HOME: harness.home, WEFT_HOME: harness.home, SHELL: '/bin/bash' }, cwd: harness.cwd, isTty: false, stdout: (l: string) => void stdout.push(l), stderr: (l: string) => void stderr.push(l) };
    const code = await main(['thread', 'start', '--extension', EXAMPLE, 'show the key'], io);
    expect(stderr.filter((l) => l.startsWith('weft'))).toEqual([]);
    expect(code).toBe(0);
    const out = outputOf(harness.mock.requests[1], 'call_1');
    expect(out).toContain('api_key=[REDACTED]');
    expect(out).not.toContain('abc123secret');
  });

  it('recognizes recursive forced removal in its spellings, and nothing else', () => {
    for (const cmd of ['rm -rf x', 'rm -fr x', 'sudo rm -Rf /', 'rm -r -f x', 'rm --recursive --force x', 'ls; /bin/rm -rf x', 'true && rm -rfv x']) {
      expect(removesRecursivelyAndForcibly(cmd), cmd).toBe(true);
    }
    for (const cmd of ['rm -r x', 'rm -f x', 'echo rm', 'rm -- -rf', 'grep -rf pattern x']) {
      expect(removesRecursivelyAndForcibly(cmd), cmd).toBe(false);
    }
    expect(redact('key sk-abcdefghijklmnop1234 and AKIAABCDEFGHIJKLMNOP')).toBe('key [REDACTED] and [REDACTED]');
  });
});

describe('loading an extension by path', () => {
  it('names the file when it is missing or its export is not an extension', async () => {
    const dir = await tempDir();
    await expect(loadExtension('nope.ts', dir, '--extension')).rejects.toThrow(`--extension: extension file ${path.join(dir, 'nope.ts')} cannot be read`);
    await writeFile(path.join(dir, 'bad.ts'), "export default { name: 'bad', toolCall: 5 };\n");
    await expect(loadExtension('bad.ts', dir, '--extension')).rejects.toThrow(`--extension: ${path.join(dir, 'bad.ts')}: not an extension at \`toolCall\``);
    await writeFile(path.join(dir, 'factory.ts'), "export default async () => ({ name: 'made', input: () => undefined });\n");
    expect((await loadExtension('factory.ts', dir, '--extension')).name).toBe('made');
  });
});
