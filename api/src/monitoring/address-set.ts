/**
 * The addresses a run has taken already (README.md, "Performance": memory), kept as 64-bit hashes
 * in one typed array instead of strings: 8 bytes a slot, at most three quarters of the slots used,
 * so 100,000 addresses take 1 MB to 2 MB where a Set of their strings took some 15 MB, and the
 * array grows by doubling only, with nothing per address for the collector to walk.
 *
 * The hash is the first 64 bits of the address's MD5 (node:crypto). Two different addresses
 * taken for one (so the second is skipped as done) is a chance of about n² / 2^65: 3 × 10⁻¹⁰ for
 * 100,000 addresses, 3 × 10⁻⁸ for a million.
 */
import { createHash } from 'node:crypto';

const MAX_LOAD = 0.75;

export class AddressSet {
  /** Slot i is the pair (slots[2i], slots[2i + 1]); (0, 0) is an empty slot. */
  private slots: Uint32Array;
  private mask: number;
  private count = 0;

  constructor(expected = 1024) {
    let capacity = 1024;
    while (capacity * MAX_LOAD < expected) capacity *= 2;
    this.slots = new Uint32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the slots. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  has(address: string): boolean {
    const [high, low] = hashOf(address);
    return this.find(high, low, this.slots, this.mask) < 0;
  }

  /** Adds the address; false when it was there already. */
  add(address: string): boolean {
    const [high, low] = hashOf(address);
    const at = this.find(high, low, this.slots, this.mask);
    if (at < 0) return false;
    this.slots[at * 2] = high;
    this.slots[at * 2 + 1] = low;
    this.count++;
    if (this.count > (this.mask + 1) * MAX_LOAD) this.grow();
    return true;
  }

  /** The empty slot where (high, low) goes, or -1 when it is stored. */
  private find(high: number, low: number, slots: Uint32Array, mask: number): number {
    for (let i = low & mask; ; i = (i + 1) & mask) {
      const h = slots[i * 2]!;
      const l = slots[i * 2 + 1]!;
      if (h === 0 && l === 0) return i;
      if (h === high && l === low) return -1;
    }
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    const slots = new Uint32Array(capacity * 2);
    const mask = capacity - 1;
    for (let i = 0; i < old.length; i += 2) {
      const high = old[i]!;
      const low = old[i + 1]!;
      if (high === 0 && low === 0) continue;
      const at = this.find(high, low, slots, mask);
      slots[at * 2] = high;
      slots[at * 2 + 1] = low;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

function hashOf(address: string): [number, number] {
  const digest = createHash('md5').update(address).digest();
  const high = digest.readUInt32LE(0);
  const low = digest.readUInt32LE(4);
  // (0, 0) marks an empty slot; the one address hashing there is stored as (0, 1).
  return high === 0 && low === 0 ? [0, 1] : [high, low];
}
