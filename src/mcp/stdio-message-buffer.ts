// The messages of a stdio MCP server, one JSON-RPC message per line, read in linear work. The SDK's
// own buffer copies everything buffered on each chunk (a 10 MB answer is copied ~150 times) and
// gives up past 10 MB by closing the connection, so one large tool result ended the server for the
// rest of the thread ("Connection closed"). Here the pieces of a line are joined once, when its end
// arrives; a line longer than `maxLineBytes` is not kept: its bytes are dropped as they come, and
// when it ends the request it answered gets an error response naming its size instead, so the call
// fails on its own and the server stays connected. (The model never reads a result whole anyway:
// it is truncated as Codex truncates tool output.)
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const NL = 0x0a;
/** Bytes kept of each end of a dropped line, to find the id of the request it answered. */
const EDGE_BYTES = 512;

export const DEFAULT_MAX_MCP_LINE_BYTES = 64 * 1024 * 1024;

/** Error code of the response that stands in for a dropped message (JSON-RPC's internal error). */
const DROPPED_CODE = -32603;

export class StdioMessageBuffer {
  #pieces: Buffer[] = [];
  #bytes = 0;
  /** Set while a too-long line is being dropped: its start and its latest bytes. */
  #dropping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  /** Lines read whole: a message, or why the line is not one (thrown by readMessage, as the SDK's buffer throws). */
  readonly #ready: Array<JSONRPCMessage | Error> = [];

  constructor(private readonly maxLineBytes = DEFAULT_MAX_MCP_LINE_BYTES) {}

  append(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(NL, start); nl !== -1; nl = chunk.indexOf(NL, start)) {
      this.#take(chunk.subarray(start, nl));
      this.#endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.#take(Buffer.from(chunk.subarray(start)));
  }

  /** The next whole message, or null; throws (as the SDK's buffer does) on a line that is not one. */
  readMessage(): JSONRPCMessage | null {
    const next = this.#ready.shift();
    if (next instanceof Error) throw next;
    return next ?? null;
  }

  clear(): void {
    this.#pieces = [];
    this.#bytes = 0;
    this.#dropping = undefined;
    this.#ready.length = 0;
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#dropping) {
      this.#dropping.bytes += piece.length;
      this.#dropping.tail = Buffer.concat([this.#dropping.tail, piece]).subarray(-EDGE_BYTES);
      return;
    }
    if (this.#bytes + piece.length > this.maxLineBytes) {
      const line = Buffer.concat([...this.#pieces, piece]);
      this.#dropping = { head: Buffer.from(line.subarray(0, EDGE_BYTES)), tail: Buffer.from(line.subarray(-EDGE_BYTES)), bytes: line.length };
      this.#pieces = [];
      this.#bytes = 0;
      return;
    }
    this.#pieces.push(piece);
    this.#bytes += piece.length;
  }

  #endLine(): void {
    const dropped = this.#dropping;
    if (dropped) {
      this.#dropping = undefined;
      const id = requestIdIn(dropped.head.toString('utf8'), dropped.tail.toString('utf8'));
      if (id !== undefined) {
        this.#ready.push({
          jsonrpc: '2.0',
          id,
          error: { code: DROPPED_CODE, message: `the server's answer of ${dropped.bytes} bytes exceeds the ${this.maxLineBytes} bytes weft reads of one message; it was dropped` },
        });
      }
      return;
    }
    const line = this.#pieces.length === 1 ? (this.#pieces[0] as Buffer) : Buffer.concat(this.#pieces);
    this.#pieces = [];
    this.#bytes = 0;
    const text = line.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    try {
      this.#ready.push(JSONRPCMessageSchema.parse(JSON.parse(text)));
    } catch (err) {
      this.#ready.push(err instanceof Error ? err : new Error(String(err)));
    }
  }
}

/** The `id` of a response, from the start or end of its text (the SDK writes it last, others first). */
function requestIdIn(head: string, tail: string): string | number | undefined {
  const pattern = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*[,}]/;
  const found = pattern.exec(tail) ?? pattern.exec(head);
  if (!found) return undefined;
  const raw = found[1] as string;
  return raw.startsWith('"') ? (JSON.parse(raw) as string) : Number(raw);
}
