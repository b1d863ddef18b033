import { describe, expect, it, vi } from 'vitest';
import { createLanguageCatalog } from './languageCatalog.ts';

describe('languageCatalog', () => {
  it('starts with en and cs, adds what detection finds and tells subscribers', async () => {
    let found = ['languages/de.json'];
    const catalog = createLanguageCatalog({ list: async () => found, onFailure: vi.fn() });
    const listener = vi.fn();
    catalog.subscribe(listener);
    expect(catalog.languages()).toEqual(['en', 'cs']);
    expect(await catalog.detect()).toEqual(['en', 'cs', 'de']);
    expect(listener).toHaveBeenCalledTimes(1);

    found = ['languages/de.json', 'languages/sk.json'];
    await catalog.detect();
    expect(catalog.languages()).toEqual(['en', 'cs', 'de', 'sk']);
    expect(listener).toHaveBeenCalledTimes(2);

    await catalog.detect();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('falls back to the built-in languages when a re-run fails', async () => {
    let fail = false;
    const onFailure = vi.fn();
    const catalog = createLanguageCatalog({
      list: async () => {
        if (fail) throw new Error('down');
        return ['languages/de.json'];
      },
      onFailure,
      warn: () => undefined,
    });
    await catalog.detect();
    fail = true;
    expect(await catalog.detect()).toEqual(['en', 'cs']);
    expect(onFailure).toHaveBeenCalledWith(['en', 'cs']);
  });

  it('shares one run between concurrent calls', async () => {
    const list = vi.fn(async () => []);
    const catalog = createLanguageCatalog({ list, onFailure: vi.fn() });
    await Promise.all([catalog.detect(), catalog.detect()]);
    expect(list).toHaveBeenCalledTimes(1);
  });
});
