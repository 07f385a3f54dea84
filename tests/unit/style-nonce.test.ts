// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { installStyleNonce, pageNonce } from '@/components/providers/style-nonce';

describe('the CSP nonce of styles made in the browser', () => {
  it('stays the document\'s first nonce when a later server render brings a new one', () => {
    installStyleNonce('first-nonce');
    expect(document.createElement('style').nonce).toBe('first-nonce');

    // router.refresh() (e.g. after a language switch) renders the root layout again with a new nonce.
    installStyleNonce('second-nonce');
    expect(pageNonce('second-nonce')).toBe('first-nonce');
    expect(document.createElement('style').nonce).toBe('first-nonce');
  });

  it('gives it to <style> elements only', () => {
    expect(document.createElement('style').nonce).toBe('first-nonce');
    expect(document.createElement('div').nonce).toBe('');
  });
});
