import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detectLanguages, languagesFromListing, mergeLanguages, timeoutMessage } from './detection.ts';

describe('timeoutMessage', () => {
  it.each([
    [30_000, 'timeout (00:30 sec)'],
    [90_000, 'timeout (01:30 sec)'],
    [5_000, 'timeout (00:05 sec)'],
  ])('%i ms -> %s', (ms, message) => {
    expect(timeoutMessage(ms)).toBe(message);
  });
});

describe('languagesFromListing', () => {
  it('keeps only {lang}.json files of the language folder', () => {
    expect(
      languagesFromListing([
        'languages/de.json',
        'languages/pt-BR.json',
        'languages/readme.txt',
        'languages/DE.json',
        'other/fr.json',
        'languages/x/y.json',
      ]),
    ).toEqual(['de', 'pt-BR']);
  });
});

describe('mergeLanguages', () => {
  it.each([
    [[], ['en', 'cs']],
    [['de'], ['en', 'cs', 'de']],
    [
      ['sk', 'de', 'de'],
      ['en', 'cs', 'de', 'sk'],
    ],
    [
      ['cs', 'en', 'pl'],
      ['en', 'cs', 'pl'],
    ],
  ])('en, cs + %j -> %j', (found, merged) => {
    expect(mergeLanguages(['en', 'cs'], found)).toEqual(merged);
  });
});

describe('detectLanguages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges the custom languages found, without a toast', async () => {
    const onFailure = vi.fn();
    const languages = await detectLanguages({
      list: async () => ['languages/de.json', 'languages/cs.json'],
      onFailure,
    });
    expect(languages).toEqual(['en', 'cs', 'de']);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('on failure logs a warning, shows the toast with the built-in languages and continues with en and cs', async () => {
    const warn = vi.fn();
    const onFailure = vi.fn();
    const languages = await detectLanguages({
      list: async () => {
        throw new Error('storage down');
      },
      warn,
      onFailure,
    });
    expect(languages).toEqual(['en', 'cs']);
    expect(warn).toHaveBeenCalledWith('Custom languages detection failed', 'storage down');
    expect(onFailure).toHaveBeenCalledWith(['en', 'cs']);
  });

  it("gives up after 30 seconds, logging 'timeout (00:30 sec)', and aborts the listing", async () => {
    const warn = vi.fn();
    const onFailure = vi.fn();
    let signal: AbortSignal | undefined;
    const result = detectLanguages({
      list: (listSignal) => {
        signal = listSignal;
        return new Promise(() => undefined);
      },
      warn,
      onFailure,
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(['en', 'cs']);
    expect(warn).toHaveBeenCalledWith('Custom languages detection failed', 'timeout (00:30 sec)');
    expect(onFailure).toHaveBeenCalledWith(['en', 'cs']);
    expect(signal?.aborted).toBe(true);
  });
});
