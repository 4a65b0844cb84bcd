import { describe, expect, it } from 'vitest';
import type { CompatProfile } from '../../../src/profile/profile.js';
import { codex098Profile } from '../../../src/profile/codex-0.98/profile.js';
import { unsupportedStepReason } from '../../conformance/engine-driver.js';

const profile: CompatProfile = {
  ...codex098Profile,
  unsupported: { interfaces: { 'app-server': 'no protocol yet' }, ops: { compact: 'no manual compaction yet' } },
};

describe('features a profile declares unsupported', () => {
  it('a step on an unsupported interface is pending with the profile reason', () => {
    expect(unsupportedStepReason(profile, { interface: 'app-server' }, [])).toBe('codex-0.98 cannot run app-server steps: no protocol yet');
  });

  it('a step with an unsupported op is pending, whatever else it does', () => {
    const ops = [{ op: 'turn' as const, prompt: 'x', overrides: {} }, { op: 'compact' as const, thread: 't' }];
    expect(unsupportedStepReason(profile, { interface: 'exec' }, ops)).toBe('codex-0.98 cannot run op compact: no manual compaction yet');
  });

  it('everything else runs', () => {
    expect(unsupportedStepReason(profile, { interface: 'exec' }, [{ op: 'start', overrides: {} }])).toBeUndefined();
    expect(unsupportedStepReason(codex098Profile, { interface: 'app-server' }, [])).toBeUndefined();
  });
});
