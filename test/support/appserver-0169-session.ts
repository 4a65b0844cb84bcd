// An in-process 0.169 app-server over a fresh workspace and a mock model, closed after each test:
// what the method-by-method tests of the app-server open. `prepare` writes files or config into the
// workspace before the server starts.
import { afterEach, expect } from 'vitest';
import { startMockResponsesServer, textReply, type MockServer } from '../../src/testing/index.js';
import { InProcessClient, type Msg } from './appserver-client.js';
import { appServerWorkspace0169, type AppServerWorkspace } from './appserver-workspace.js';
import { removeTempDirs } from './temp-tree.js';

type Workspace = AppServerWorkspace;

export interface OpenedAppServer {
  readonly c: InProcessClient;
  readonly ws: Workspace;
  /** The mock model's base URL. */
  readonly url: string;
}

/** Registers the cleanup; `open` starts one server per call (the last one is closed after the test). */
export function appServer0169Sessions(): (prepare?: (ws: Workspace, url: string) => Promise<void>, experimentalApi?: boolean) => Promise<OpenedAppServer> {
  let mock: MockServer | undefined;
  let client: InProcessClient | undefined;
  afterEach(async () => {
    await client?.close();
    await mock?.close();
    client = undefined;
    mock = undefined;
    await removeTempDirs();
  });
  return async (prepare, experimentalApi = true) => {
    mock = await startMockResponsesServer({ respond: () => textReply('hi') });
    const ws = await appServerWorkspace0169(mock.url);
    if (prepare) await prepare(ws, mock.url);
    client = new InProcessClient(ws.options);
    await client.initialize(experimentalApi);
    return { c: client, ws, url: mock.url };
  };
}

/** The answer's result, failing the test on an error answer. */
export function ok<T>(m: Msg): T {
  expect(m.error, JSON.stringify(m.error)).toBeUndefined();
  return m.result as T;
}

/** The error answer's message. */
export const errorMessage = (m: Msg): string => (m.error as { message: string }).message;
