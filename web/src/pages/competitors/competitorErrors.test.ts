import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorText } from '../../components/errors/apiErrorText.ts';
import { formFieldErrors } from '../../components/errors/formErrors.ts';
import { COMPETITOR_FIELDS } from './competitorInput.ts';

const i18nIn = async (lng: string) => {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, cs: { translation: cs } } });
  return i18n;
};

describe('what the competitor form shows for a refusal', () => {
  it("puts the server's BAD_USER_INPUT message at the form's field", () => {
    const error = { errors: { url: 'the website already has a competitor with this address' } };
    expect(formFieldErrors(error, COMPETITOR_FIELDS)).toEqual([
      { name: 'url', errors: ['the website already has a competitor with this address'] },
    ]);
    expect(formFieldErrors({ errors: { organizationWebsiteId: 'must be a UUID' } }, COMPETITOR_FIELDS)).toEqual([]);
  });

  it.each([
    ['en', "The plan's limit of Competitors is reached (at most 10)."],
    ['cs', 'Limit tarifu pro Konkurenti je vyčerpán (nejvýše 10).'],
  ])('names the competitors limit of a full plan (%s)', async (lng, text) => {
    const { t } = await i18nIn(lng);
    expect(
      apiErrorText(
        {
          code: 'PLAN_LIMIT_EXCEEDED',
          message: 'Plan limit reached: competitors',
          extensions: { limit: 'competitors', max: 10 },
        },
        t,
      ),
    ).toBe(text);
  });
});
