import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import type { FeedImportErrorRow } from './queries.ts';
import { feedRowErrorText } from './rowErrors.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, cs: { translation: cs } } });
});

const NONE = {
  max: null,
  text: null,
  currency: null,
  rowCurrency: null,
  fieldCount: null,
  expectedFieldCount: null,
  element: null,
  errorLine: null,
  errorColumn: null,
  detail: null,
};
const error = (fields: Partial<FeedImportErrorRow>): FeedImportErrorRow => ({
  line: 3,
  itemId: 'A-1',
  field: 'price',
  reason: 'the API’s English',
  code: null,
  ...NONE,
  ...fields,
});

describe('feedRowErrorText', () => {
  it.each<[Partial<FeedImportErrorRow>, 'en' | 'cs', string]>([
    [{ code: 'NEGATIVE' }, 'en', 'Must not be negative'],
    [{ code: 'NEGATIVE' }, 'cs', 'Nesmí být záporná'],
    [{ code: 'MISSING' }, 'cs', 'Chybí'],
    [{ code: 'TOO_LONG', max: 200 }, 'cs', 'Delší než 200 znaků'],
    [{ code: 'NOT_A_PRICE', text: 'call us' }, 'en', '“call us” is not a price'],
    [{ code: 'NOT_A_PRICE', text: 'call us' }, 'cs', '„call us“ není cena'],
    [{ code: 'OTHER_CURRENCY', currency: 'EUR', rowCurrency: 'CZK' }, 'cs', 'V EUR, měna řádku je CZK'],
    [{ code: 'WRONG_CHECK_DIGIT', text: '4006381333932' }, 'cs', '„4006381333932“ má chybnou kontrolní číslici'],
    [{ code: 'WRONG_FIELD_COUNT', fieldCount: 2, expectedFieldCount: 4 }, 'cs', 'Má 2 pole, hlavička jich má 4'],
    [{ code: 'WRONG_FIELD_COUNT', fieldCount: 5, expectedFieldCount: 4 }, 'cs', 'Má 5 polí, hlavička jich má 4'],
    [{ code: 'WRONG_FIELD_COUNT', fieldCount: 1, expectedFieldCount: 4 }, 'en', 'Has 1 field, the header has 4'],
    [
      { code: 'UNREADABLE_RECORD', detail: 'Invalid Opening Quote' },
      'cs',
      'Záznam nelze přečíst: Invalid Opening Quote',
    ],
    [
      { code: 'BROKEN_XML', element: 'g:price', errorLine: 9, errorColumn: 30, detail: 'Unexpected close tag.' },
      'cs',
      'Poškozený XML element <g:price> na řádku 9, sloupec 30: Unexpected close tag.',
    ],
    [{ code: 'BROKEN_XML', errorLine: 9, errorColumn: 30 }, 'en', 'Broken XML at line 9, column 30'],
  ])('%o in %s: %s', (fields, language, text) => {
    expect(feedRowErrorText(error(fields), i18next.getFixedT(language))).toBe(text);
  });

  it("shows the API's reason for a row stored before the codes, or a code it does not know", () => {
    expect(feedRowErrorText(error({ code: null }), i18next.getFixedT('cs'))).toBe('the API’s English');
    expect(feedRowErrorText(error({ code: 'SOMETHING_NEW' as never }), i18next.getFixedT('cs'))).toBe(
      'the API’s English',
    );
  });
});
