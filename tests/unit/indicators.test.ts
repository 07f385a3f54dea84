import { describe, expect, it } from 'vitest';
import { judge, meets } from '../../lib/workflow/indicators';

describe('indicator rules', () => {
  it('compare an observed value with the rule\'s bounds, ends included', () => {
    expect(meets({ operator: 'BETWEEN', min: 18, max: 60 }, 18)).toBe(true);
    expect(meets({ operator: 'BETWEEN', min: 18, max: 60 }, 60)).toBe(true);
    expect(meets({ operator: 'BETWEEN', min: 18, max: 60 }, 61)).toBe(false);
    expect(meets({ operator: 'GTE', min: 6, max: null }, 5)).toBe(false);
    expect(meets({ operator: 'LTE', min: null, max: 0 }, -1)).toBe(true);
    expect(meets({ operator: 'EQ', min: 0, max: null }, 1)).toBe(false);
    // A rule without its bound never passes.
    expect(meets({ operator: 'GTE', min: null, max: null }, 100)).toBe(false);
  });

  it('a failure refuses (HARD) or flags (SOFT); a value that could not be observed is never a pass', () => {
    const rule = { operator: 'EQ' as const, min: 0, max: null };
    expect(judge(rule, 'HARD', 0)).toBe('PASSED');
    expect(judge(rule, 'HARD', 2)).toBe('REFUSED');
    expect(judge(rule, 'SOFT', 2)).toBe('FLAGGED');
    expect(judge(rule, 'HARD', null)).toBe('UNCHECKED');
    expect(judge(rule, 'SOFT', null)).toBe('UNCHECKED');
  });
});
