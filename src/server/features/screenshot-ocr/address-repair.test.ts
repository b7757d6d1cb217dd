import { describe, expect, it } from 'vitest';
import { repairAddressText } from './address-repair';

describe('query repairs where a fragment follows the value', () => {
  it('ends a value at a # as at an & or the URL\'s end', () => {
    // 「&ref=」 read as 「&re」 (the f and = lost), the value then running to the fragment.
    expect(repairAddressText('http://192.0.2.24:8443/login/jp?q=1&retAZWBV74hWK2Zwx#form')).toBe('http://192.0.2.24:8443/login/jp?q=1&ref=tAZWBV74hWK2Zwx#form');
    expect(repairAddressText('https://a.example/?id=12&tokenほAb3x#top')).toBe('https://a.example/?id=12&token=Ab3x#top');
    // A pair that has its = further on stays as read.
    expect(repairAddressText('https://a.example/?revise=1#top')).toBe('https://a.example/?revise=1#top');
  });
});
