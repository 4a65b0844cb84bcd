// Milliseconds since the epoch as `Date#toISOString` writes them, for a listing's 10,000 update times:
// the date part is taken from toISOString once per day met (a listing's threads share few days), the
// time of day is plain arithmetic. Outside years 0000–9999 (where toISOString writes ±YYYYYY) it is
// toISOString itself.
const DAY_MS = 86_400_000;
const MAX_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

/** Remembers the last days' prefixes (`YYYY-MM-DDT`); one per listing call. */
export class IsoTimes {
  #day = Number.NaN;
  #prefix = '';

  of(ms: number): string {
    if (!Number.isInteger(ms) || ms < 0 || ms > MAX_MS) return new Date(ms).toISOString();
    const day = Math.floor(ms / DAY_MS);
    if (day !== this.#day) {
      this.#day = day;
      this.#prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    }
    let rest = ms - day * DAY_MS;
    const h = Math.floor(rest / 3_600_000);
    rest -= h * 3_600_000;
    const m = Math.floor(rest / 60_000);
    rest -= m * 60_000;
    const s = Math.floor(rest / 1000);
    const milli = rest - s * 1000;
    return `${this.#prefix}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  }
}
