// Every stable client request of Codex 0.169's app-server (methods.md of the recorded schema, the
// methods not marked experimental) is served by weft: called with the smallest params, none answers
// that weft does not support it (or has no such feature), except those listed in STILL_MISSING, each
// with the reason. A method of that list that weft now serves fails the test too, so the list only
// shrinks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../../src/testing/index.js';
import { conformanceRoot } from '../../conformance/scenario.js';
import { InProcessClient } from '../../support/appserver-client.js';
import { appServerWorkspace0169 } from '../../support/appserver-workspace.js';
import { removeTempDirs } from '../../support/temp-tree.js';

const METHODS_MD = join(conformanceRoot(), 'appserver-0.169', 'methods.md');

/** Stable methods weft does not serve yet, and why. */
const STILL_MISSING: Readonly<Record<string, string>> = {
};

function stableMethods(): string[] {
  const text = readFileSync(METHODS_MD, 'utf8');
  const section = text.split('### Client -> server requests')[1]?.split('###')[0] ?? '';
  return [...section.matchAll(/^\| `([^`]+)`( \*)? \|/gm)].filter((m) => m[2] === undefined && m[1] !== 'initialize').map((m) => m[1] as string);
}

const UNSUPPORTED = /is not supported by weft|weft has no .*; this method is unavailable/;

describe.skipIf(!existsSync(METHODS_MD))('every stable 0.169 method is served', () => {
  let mock: MockServer;
  let client: InProcessClient;
  beforeAll(async () => {
    mock = await startMockResponsesServer({ respond: () => textReply('ok') });
    const ws = await appServerWorkspace0169(mock.url);
    client = new InProcessClient(ws.options);
    await client.initialize(true);
  });
  afterAll(async () => {
    await client.close();
    await mock.close();
    await removeTempDirs();
  });

  it('no stable method answers "not supported" but the listed ones, and each listed one still does', async () => {
    const methods = stableMethods();
    expect(methods.length).toBeGreaterThan(100);
    const unsupported: string[] = [];
    for (const method of methods) {
      const answer = await client.request(method, {});
      const message = (answer.error as { message?: string } | undefined)?.message ?? '';
      if (UNSUPPORTED.test(message)) unsupported.push(method);
    }
    expect(unsupported.filter((m) => !(m in STILL_MISSING))).toEqual([]);
    expect(Object.keys(STILL_MISSING).filter((m) => !unsupported.includes(m))).toEqual([]);
  });
});
