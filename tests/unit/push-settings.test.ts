import { describe, expect, it } from 'vitest';
import { backoff } from '../../upstream/modules/push/deliver';
import { defaultOptions, optionsFromEnv } from '../../upstream/options';

describe('push retry delays', () => {
  it('double per attempt up to the maximum, and jitter keeps each between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => backoff(n, 1000, 5000, () => 1))).toEqual([1000, 2000, 4000, 5000]);
    expect([1, 2, 3, 4].map((n) => backoff(n, 1000, 5000, () => 0))).toEqual([500, 1000, 2000, 2500]);
    for (let i = 0; i < 200; i += 1) {
      const delay = backoff(3, 1000, 60_000);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});

describe('worker and supervision settings from the environment', () => {
  it('take the documented variables, keep the defaults for missing or malformed ones', () => {
    const options = optionsFromEnv({
      NODE_ENV: 'test',
      PUSH_POLL_MS: '250', PUSH_MAX_ATTEMPTS: '3', PUSH_TIMEOUT_MS: 'soon', PUSH_BATCH_SIZE: '5000', PUSH_WORKER: 'off',
      SUPERVISION_URL: 'https://supervision.example.org/batches', SUPERVISION_SECRET: 's'.repeat(20), SUPERVISION_SIMULATED: 'maybe',
    }, false);
    expect(options.push).toEqual({ ...defaultOptions.push, worker: false, pollMs: 250, maxAttempts: 3, batchSize: 200 });
    expect(options.supervision).toEqual({ url: 'https://supervision.example.org/batches', secret: 's'.repeat(20), timeoutMs: 10_000, simulated: 'ok' });
    expect(optionsFromEnv({ NODE_ENV: 'test' }, true).supervision).toEqual(defaultOptions.supervision);
  });
});
