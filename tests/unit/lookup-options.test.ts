import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from '@/upstream/options';

const env = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...vars });

describe('the outside sources from the environment', () => {
  it('a source with a URL is asked over HTTP with its secret and timeout; one without stays simulated', () => {
    const options = optionsFromEnv(env({ INSURANCE_URL: 'https://bureau.example/insure', INSURANCE_SECRET: 's3cret', INSURANCE_TIMEOUT_MS: '2500', SIMULATED_SOURCES: 'credit=fail' }), false);
    expect(options.httpSources).toEqual({ insurance: { url: 'https://bureau.example/insure', secret: 's3cret', timeoutMs: 2500 } });
    expect(options.simulatedSources).toEqual({ insurance: 'ok', credit: 'fail' });
    expect(optionsFromEnv(env({}), true).httpSources).toEqual({});
  });

  it('refuses a URL that is not http(s), naming the variable', () => {
    expect(() => optionsFromEnv(env({ CREDIT_URL: 'ftp://credit.example' }), false)).toThrow('CREDIT_URL must be an http:// or https:// address');
    expect(() => optionsFromEnv(env({ CREDIT_URL: 'not a url' }), false)).toThrow('CREDIT_URL');
  });
});
