// A server that answers every request with the same prebuilt event stream, written in one piece: the
// figures of the benches that use it are weft's reading, not a mock's pace.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixedSseServer {
  /** Base URL of the provider (`…/v1`). */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveFixedSse(body: string | Buffer): Promise<FixedSseServer> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
