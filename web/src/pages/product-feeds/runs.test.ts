import { describe, expect, it } from 'vitest';
import { formatDuration, isRunning, runDurationMs, runPercent } from './runs.ts';

describe('runPercent', () => {
  it('a finished run is at the end, whatever it read', () => {
    expect(runPercent({ status: 'SUCCEEDED', bytesRead: 10 }, 1000)).toBe(100);
    expect(runPercent({ status: 'FAILED', bytesRead: 0 })).toBe(100);
  });

  it('a running upload goes by the bytes read of the file, never 100 before it ends', () => {
    expect(runPercent({ status: 'RUNNING', bytesRead: 250 }, 1000)).toBe(25);
    expect(runPercent({ status: 'RUNNING', bytesRead: 1000 }, 1000)).toBe(99);
    expect(runPercent({ status: 'QUEUED', bytesRead: 0 }, 1000)).toBe(0);
  });

  it('a running URL import has no known end', () => {
    expect(runPercent({ status: 'RUNNING', bytesRead: 5000 })).toBeNull();
    expect(runPercent({ status: 'RUNNING', bytesRead: 5000 }, 0)).toBeNull();
  });

  it('isRunning', () => {
    expect([
      isRunning({ status: 'QUEUED' }),
      isRunning({ status: 'RUNNING' }),
      isRunning({ status: 'SUCCEEDED' }),
      isRunning(null),
    ]).toEqual([true, true, false, false]);
  });
});

describe('run duration', () => {
  it('from start to finish, or to now while running', () => {
    const createdAt = '2025-03-01T10:00:00.000Z';
    expect(
      runDurationMs({ createdAt, startedAt: '2025-03-01T10:00:01.000Z', finishedAt: '2025-03-01T10:02:06.000Z' }),
    ).toBe(125_000);
    expect(
      runDurationMs({ createdAt, startedAt: null, finishedAt: null }, Date.parse('2025-03-01T10:00:03.500Z')),
    ).toBe(3_500);
  });

  it.each([
    [400, '0.4 s'],
    [9_949, '9.9 s'],
    [12_300, '12 s'],
    [125_000, '2 min 05 s'],
    [7_620_000, '2 h 07 min'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
