import { describe, expect, it } from 'vitest';
import { detailView } from './detailView.ts';

describe('detailView', () => {
  it.each([
    [{ detail: true, monitored: true }, 'full'],
    [{ detail: true, monitored: undefined }, 'full'],
    [{ detail: true, monitored: false }, 'full'],
    [{ detail: false, monitored: true }, 'monitored'],
    [{ detail: false, monitored: false }, 'denied'],
    [{ detail: undefined, monitored: true }, 'loading'],
    [{ detail: false, monitored: undefined }, 'loading'],
    [{ detail: undefined, monitored: undefined }, 'loading'],
  ] as const)('%j -> %s', (access, view) => {
    expect(detailView(access)).toBe(view);
  });
});
