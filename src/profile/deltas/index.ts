// The releases weft takes on as deltas, oldest first (docs/releases.md). Adding one is adding its
// file here and its name to COMPAT_PROFILE_NAMES.
import type { ProfileDelta } from '../profile-delta.js';
import { codex0171Delta } from './codex-0.171.js';

export const PROFILE_DELTAS: readonly ProfileDelta[] = [codex0171Delta];
