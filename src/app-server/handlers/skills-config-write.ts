// skills/config/write (0.169): switches one skill on or off in the user's config.toml, by name or by
// the absolute path of its SKILL.md (config/skill-switches.ts), through the edit that keeps the file's
// comments (config/config-edit.ts); the answer is the switch as written. skills/list shows it.
import { isAbsolute } from 'node:path';
import type { z } from 'zod';
import { RpcErrorCode } from '../../../protocol/app-server/jsonrpc.js';
import type { SkillsConfigWriteParams0169 } from '../../../protocol/app-server/v0169/more-params.js';
import { ConfigWriteRefused, writeUserConfig } from '../../config/config-edit.js';
import { readUserConfig } from '../../config/config-layers.js';
import { overrideLines } from '../../config/config-overrides.js';
import { skillSwitches, switchSkill, type SkillSelector } from '../../config/skill-switches.js';
import { CodexCodedError, rpcError } from '../rpc-errors.js';
import type { ServerContext } from '../server-context.js';
import type { HandlerResult } from './handler.js';

function selectorOf(params: z.infer<typeof SkillsConfigWriteParams0169>): SkillSelector {
  const byName = params.name !== undefined && params.name !== null;
  const byPath = params.path !== undefined && params.path !== null;
  if (byName === byPath) throw new CodexCodedError('skills/config/write requires exactly one of path or name', RpcErrorCode.invalidParams);
  if (byPath && !isAbsolute(params.path as string)) throw rpcError.invalidField('path', 'must be an absolute path to a SKILL.md');
  return byName ? { name: params.name as string } : { path: params.path as string };
}

export async function skillsConfigWrite(ctx: ServerContext, params: z.infer<typeof SkillsConfigWriteParams0169>): Promise<HandlerResult> {
  const selector = selectorOf(params);
  const { table } = await readUserConfig(ctx.base.home);
  const current = skillSwitches(table);
  const next = switchSkill(current, selector, params.enabled);
  if (next.length !== current.length || next.some((e, i) => e !== current[i])) {
    // An emptied list is removed, not left as an empty array (and `[skills]` with it when it held nothing else).
    const skills = table.skills as Record<string, unknown>;
    const edit =
      next.length > 0
        ? { keyPath: 'skills.config', value: next }
        : Object.keys(skills).length === 1
          ? { keyPath: 'skills', value: null }
          : { keyPath: 'skills.config', value: null };
    try {
      await writeUserConfig({
        home: ctx.base.home,
        edits: [{ ...edit, mergeStrategy: 'replace' }],
        overrides: overrideLines(ctx.options.runtime?.configOverrides),
        sections: ['[[skills.config]]'],
      });
    } catch (err) {
      if (err instanceof ConfigWriteRefused) throw new CodexCodedError(err.message, RpcErrorCode.invalidRequest);
      throw err;
    }
    await ctx.reloadConfig();
  }
  return { result: { effectiveEnabled: params.enabled } };
}
