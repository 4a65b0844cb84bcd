// `weft acp` on a process's stdin/stdout: ACP's newline-delimited JSON-RPC, until stdin ends.
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { serveAcp, type AcpAgentOptions } from './acp-agent.js';

export async function serveAcpStdio(input: Readable, output: Writable, options: AcpAgentOptions): Promise<void> {
  const stream = acp.ndJsonStream(Writable.toWeb(output) as WritableStream<Uint8Array>, Readable.toWeb(input) as ReadableStream<Uint8Array>);
  await serveAcp(stream, options);
}
