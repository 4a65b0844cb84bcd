// The resume index: a cache weft keeps beside a large rollout (`<rollout>.resume-index`) of what a
// resume reads from it — the records from the last checkpoint on, long item strings left in the
// rollout — so that the next resume reads the index and only the lines appended since. Only a cache:
// it names the rollout bytes it covers (size, inode, the bytes at their end) and is rebuilt whenever
// they do not match the file. JSON lines: the header, then one record per line (read in chunks, as
// a rollout is, so that no string as large as the index is ever held).
import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

export const RESUME_INDEX_FORMAT = 'weft-resume-index/2';

/** One record read back: where its line is, and the line as parsed (an item's long strings as ""). */
export const ResumeIndexRecord = lazySchema(() =>
  z.object({
    /** Byte offset of the line in the rollout, its length without the newline, its 1-based number (0: unknown). */
    o: z.number(),
    n: z.number(),
    l: z.number(),
    line: z.unknown(),
    /** For an item whose long strings stay in the rollout: where its payload's bytes are, and the cut fields. */
    raw: z.object({ o: z.number(), n: z.number(), cut: z.array(z.string()) }).optional(),
  }),
);
export type ResumeIndexRecord = z.infer<typeof ResumeIndexRecord>;

export const ResumeIndexHeader = lazySchema(() =>
  z.object({
    format: z.literal(RESUME_INDEX_FORMAT),
    /** Rollout bytes covered (up to the end of a complete line), and the file's inode number. */
    size: z.number(),
    ino: z.number(),
    /** Base64 of the covered bytes' last bytes (up to 64): the check that the file still holds them. */
    tail: z.string(),
    /** Lines covered when the records carry line numbers (read from the top); null when not. */
    lineNo: z.number().nullable(),
    /** The rollout's session_meta payload when the records start at a checkpoint after it. */
    headMeta: z.unknown(),
    /** Warnings about skipped lines among those the records span, said again on every resume. */
    warnings: z.array(z.object({ offset: z.number(), text: z.string() })),
    /** How many record lines follow: an index cut short is not used. */
    count: z.number(),
  }),
);
export type ResumeIndexHeader = z.infer<typeof ResumeIndexHeader>;
