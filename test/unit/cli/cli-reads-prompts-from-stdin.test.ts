// Standard input as Codex's exec reads it: `-` makes stdin the prompt; piped stdin beside a prompt
// is appended as a `<stdin>` block; blank stdin changes nothing. A prompt larger than the model's
// context window is refused before any request, with both sizes in the message.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { lastUserText, startMockResponsesServer, textReply, type MockServer } from '../../../scripts/mock-responses-server.js';
import { removeTempDirs, tempDir } from '../../support/temp-tree.js';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await removeTempDirs();
});

async function run(args: string[], stdin: string | undefined, config = ''): Promise<{ code: number; err: string; sent: string | undefined }> {
  mock = await startMockResponsesServer({ respond: () => textReply('ok') });
  const home = await tempDir('weft-home-');
  await writeFile(path.join(home, 'config.toml'), `model_provider = "mock"\n${config}\n[model_providers.mock]\nbase_url = "${mock.url}"\n`);
  const err: string[] = [];
  const io = {
    env: { PATH: process.env.PATH, HOME: home, WEFT_HOME: home },
    cwd: home,
    isTty: stdin === undefined,
    stdout: () => undefined,
    stderr: (l: string) => void err.push(l),
    ...(stdin !== undefined ? { readStdin: async () => stdin } : {}),
  };
  const code = await main(args, io);
  return { code, err: err.join('\n'), sent: mock.requests.length > 0 ? lastUserText(mock.requests.at(-1)?.body) : undefined };
}

describe('prompts and stdin', () => {
  it.each([['thread', 'start'], ['exec']])('%s - reads the prompt from stdin', async (...command) => {
    expect(await run([...command, '-'], 'the whole prompt\n')).toMatchObject({ code: 0, sent: 'the whole prompt\n' });
  });

  it.each([['thread', 'start'], ['exec']])('%s "<prompt>" with piped stdin appends it in a <stdin> block', async (...command) => {
    expect(await run([...command, 'Summarize this'], 'my output')).toMatchObject({ code: 0, sent: 'Summarize this\n\n<stdin>\nmy output\n</stdin>' });
    expect(await run([...command, 'Summarize this'], 'my output\n')).toMatchObject({ code: 0, sent: 'Summarize this\n\n<stdin>\nmy output\n</stdin>' });
  });

  it('blank stdin leaves the prompt as given', async () => {
    expect(await run(['thread', 'start', 'just this'], '  \n')).toMatchObject({ code: 0, sent: 'just this' });
  });

  it('a prompt over the context window is refused before anything is sent, naming both sizes', async () => {
    const { code, err, sent } = await run(['thread', 'start', 'x'.repeat(8000)], undefined, 'model_context_window = 1000');
    expect(code).toBe(1);
    expect(sent).toBeUndefined();
    expect(mock?.requests).toHaveLength(0);
    expect(err).toMatch(/about 2000 tokens, more than the 950 tokens/);
  });
});
