// Assistant text on stdout as it arrives: each delta is written at once (on a terminal and on a
// pipe alike), and the finished message only ends the line. A message that came without deltas,
// or an io that writes whole lines only, gets the message printed whole when it is done. Progress,
// warnings and errors go to stderr as lines.
import type { ThreadEvent } from '../thread/thread-events.js';
import type { CliIo } from './cli-options.js';
import { progressLine } from './progress.js';

export class StreamPrinter {
  /** Deltas of the current message were written. */
  private streamed = false;
  /** The last write left a line that no newline has ended yet. */
  private open = false;

  constructor(private readonly io: CliIo) {}

  print(event: ThreadEvent): void {
    if (event.type === 'text_delta') {
      if (event.delta === '' || !this.io.write) return;
      this.io.write(event.delta);
      this.streamed = true;
      this.open = !event.delta.endsWith('\n');
      return;
    }
    if (event.type === 'model_item' && event.item.type === 'message') {
      if (this.streamed) this.endLine();
      else this.io.stdout(event.item.content.map((p) => ('text' in p ? p.text : '')).join(''));
      this.streamed = false;
      return;
    }
    const line = progressLine(event);
    if (line === undefined) return;
    // What was shown of an abandoned attempt (retry) or a stopped turn stays; the notice starts a new line.
    this.endLine();
    this.streamed = false;
    this.io.stderr(line);
  }

  /** Ends a line left open by deltas (an interrupted answer stays on screen, then a newline). */
  endLine(): void {
    if (this.open) this.io.write?.('\n');
    this.open = false;
  }
}
