import { describe, expect, it } from 'vitest';
import { AddressSet } from './address-set.ts';

describe('AddressSet', () => {
  it('answers like a Set of the addresses across growing from 1,024 slots to 262,144', () => {
    const set = new AddressSet();
    const reference = new Set<string>();
    const differences: string[] = [];
    for (let i = 0; i < 150_000; i++) {
      // Every third address is one seen before, as a sitemap repeating known products would be.
      const address = i % 3 === 2 ? `https://shop.example/p/${i >> 1}` : `https://shop.example/p/${i}`;
      if (set.add(address) === reference.has(address)) differences.push(`add ${address}`);
      reference.add(address);
    }
    for (let i = 0; i < 200_000; i += 7) {
      const address = `https://shop.example/p/${i}`;
      if (set.has(address) !== reference.has(address)) differences.push(`has ${address}`);
    }
    expect(differences).toEqual([]);
    expect(set.size).toBe(reference.size);
    // 100,000 distinct addresses at three quarters load at most: 262,144 slots of 8 bytes.
    expect(set.bytes).toBe(262_144 * 8);
  });

  it('tells addresses apart that differ in one character, case, or only beyond ASCII', () => {
    const set = new AddressSet();
    const addresses = [
      'https://shop.example/p/1',
      'https://shop.example/p/1/',
      'https://shop.example/P/1',
      'https://shop.example/p/1?a=1',
      'https://shop.example/p/žluťoučký-kůň',
      'https://shop.example/p/zlutoucky-kun',
      '',
    ];
    for (const address of addresses) expect(set.add(address)).toBe(true);
    for (const address of addresses) expect(set.add(address)).toBe(false);
    expect(set.size).toBe(addresses.length);
    expect(set.has('https://shop.example/p/2')).toBe(false);
  });

  it('sizes its slots for an expected count up front', () => {
    expect(new AddressSet(10).bytes).toBe(1024 * 8);
    expect(new AddressSet(1_000_000).bytes).toBe(2 ** 21 * 8);
  });
});
