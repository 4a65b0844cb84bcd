// What update_plan reports: the plan's steps and their status. A leaf, so the tool context can name
// it without importing the tool (update-plan.ts re-exports it).
import { z } from 'zod';
import { lazySchema } from '../../protocol/lazy-schema.js';

export const PlanStepStatus = lazySchema(() => z.enum(['pending', 'in_progress', 'completed']));
export type PlanStepStatus = z.infer<typeof PlanStepStatus>;

export interface PlanUpdate {
  readonly callId: string;
  readonly explanation: string | null;
  readonly plan: readonly { readonly step: string; readonly status: PlanStepStatus }[];
}
