// Params of 0.169's fs/* methods (Codex 0.169's `v2/Fs*Params`): every path is absolute.
import { z } from 'zod';

const path = z.string();
export const FsPathParams0169 = z.object({ path });
export const FsWriteFileParams0169 = z.object({ path, dataBase64: z.string() });
export const FsCreateDirectoryParams0169 = z.object({ path, recursive: z.boolean().nullish() });
export const FsRemoveParams0169 = z.object({ path, recursive: z.boolean().nullish(), force: z.boolean().nullish() });
export const FsCopyParams0169 = z.object({ sourcePath: path, destinationPath: path, recursive: z.boolean().optional() });
export const FsWatchParams0169 = z.object({ path, watchId: z.string() });
export const FsUnwatchParams0169 = z.object({ watchId: z.string() });
