import { describe, expect, it } from 'vitest';
import { priceFeedAddress } from './feedAddress.ts';

describe('priceFeedAddress', () => {
  it.each([
    [
      'https://console.example/price-feed/w1',
      'json',
      true,
      'https://console.example/price-feed/w1?format=json&accepted=true',
    ],
    [
      'https://console.example/price-feed/w1',
      'csv',
      false,
      'https://console.example/price-feed/w1?format=csv&accepted=false',
    ],
    [
      'http://127.0.0.1:8787/price-feed/w1?format=xml',
      'json',
      true,
      'http://127.0.0.1:8787/price-feed/w1?format=json&accepted=true',
    ],
    ['/price-feed/w1', 'xml', true, '/price-feed/w1?format=xml&accepted=true'],
  ] as const)('%s as %s, accepted only %s', (base, format, accepted, address) => {
    expect(priceFeedAddress(base, format, accepted)).toBe(address);
  });
});
