// The `create_time` of a message's metadata, as Codex 0.169 writes it: seconds since the epoch as a
// float with the clock's sub-millisecond fraction (observed: `1795883488.1657426`), not whole seconds.
import { performance } from 'node:perf_hooks';

/** Now, in seconds since the epoch, to the microsecond the high-resolution clock gives. */
export function createTimeNow(): number {
  return (performance.timeOrigin + performance.now()) / 1000;
}
