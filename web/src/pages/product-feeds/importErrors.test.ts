import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import type { FeedImportErrorRow, FeedRun } from './queries.ts';
import { feedRowErrorText, runFailureText } from './importErrors.ts';

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

describe('runFailureText', () => {
  const run = (
    errorCode: FeedRun['errorCode'],
    values: Record<string, string> = {},
  ): Parameters<typeof runFailureText>[0] => ({
    errorMessage: 'the API’s English',
    errorCode,
    errorValues: Object.entries(values).map(([name, value]) => ({ name, value })),
  });
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it.each<[Parameters<typeof runFailureText>[0], 'en' | 'cs', string]>([
    [run('HTTP_STATUS', { status: '404' }), 'en', 'The feed URL answered HTTP 404'],
    [run('HTTP_STATUS', { status: '404' }), 'cs', 'Adresa feedu odpověděla HTTP 404'],
    [run('FETCH_TIMEOUT', { seconds: '0.3' }), 'cs', 'Stahování feedu trvalo déle než 0,3 s'],
    [run('FILE_TOO_LARGE', { limitBytes: '10000' }), 'en', 'The feed is larger than the limit of 9.8 kB'],
    [
      run('FILE_TOO_LARGE', { limitBytes: String(2 * 1024 ** 3), sizeBytes: String(3 * 1024 ** 3) }),
      'cs',
      'Feed je větší než limit 2 048 MB (3 072 MB)',
    ],
    [run('NOT_THIS_FORMAT', { format: 'HEUREKA_XML' }), 'cs', 'Soubor není feed ve formátu Heureka XML'],
    [run('FILE_TOO_LARGE', { limitBytes: '500' }), 'cs', 'Feed je větší než limit 500 bajtů'],
    [run('CSV_EMPTY'), 'cs', 'Soubor je prázdný: CSV feed začíná řádkem hlavičky'],
    [
      run('PLAN_LIMIT', { plan: 'Basic', max: '1000', after: '1200', now: '900' }),
      'cs',
      'Dosažen limit tarifu: tarif Basic dovoluje 1000 sledovaných produktů. Tímto importem by jich bylo 1200 (organizace jich má 900); nic se neimportovalo. Přejděte na vyšší tarif, nebo importujte méně produktů.',
    ],
  ])('%o in %s: %s', (failed, language, text) => {
    expect(plain(runFailureText(failed, i18next.getFixedT(language), language))).toBe(text);
  });

  it("shows the API's message for a run failed before the codes, or a code it does not know", () => {
    expect(runFailureText(run(null), i18next.getFixedT('cs'), 'cs')).toBe('the API’s English');
    expect(runFailureText(run('SOMETHING_NEW' as never), i18next.getFixedT('cs'), 'cs')).toBe('the API’s English');
  });
});
