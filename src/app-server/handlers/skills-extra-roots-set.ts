// skills/extraRoots/set (0.169): more folders of user skills for this connection's skills/list (they
// replace the ones set before); every root must be an absolute path. Clients are told the skills
// changed (`skills/changed`), as Codex tells them.
import type { z } from 'zod';
import type { SkillsExtraRootsSetParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { absolutePath } from '../fs-access.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

export function skillsExtraRootsSet(ctx: ServerContext, params: z.infer<typeof SkillsExtraRootsSetParams0169>): HandlerResult {
  const roots = params.extraRoots.map(absolutePath);
  ctx.skillExtraRoots = roots;
  return { result: {}, after: () => ctx.notifyAny('skills/changed', {}) };
}
