import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { nextRetrainSentence, retrainSentence, versionState } from './modelView.ts';
import type { MatchingRetrain } from './queries.ts';

const model = { minimumLists: 100, minimumMatchedLists: 30, activeVersion: 'default-1' };
const retrain = (outcome: MatchingRetrain['outcome'], extra: Partial<MatchingRetrain> = {}): MatchingRetrain => ({
  id: '1',
  outcome,
  message: 'Server message.',
  version: null,
  labelledLists: 1234,
  seconds: 0.4,
  finishedAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

describe('versions and retrains in words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      fallbackLng: false,
      resources: { en: { translation: en }, cs: { translation: cs } },
      interpolation: { escapeValue: false },
    });
  });
  const t = (language: string) => i18n.getFixedT(language);

  it('a version is active, rolled back (never made active) or replaced', () => {
    expect(versionState({ active: true, rolledBack: false })).toBe('active');
    expect(versionState({ active: false, rolledBack: true })).toBe('rolledBack');
    expect(versionState({ active: false, rolledBack: false })).toBe('replaced');
  });

  it('says what each retrain did, in English and Czech', () => {
    expect(retrainSentence(retrain('TOO_FEW_LABELS'), model, t('en'), 'en')).toBe(
      'Too few decided lists to retrain (1,234; 100 are needed, 30 of them with a match): the current model stays.',
    );
    expect(retrainSentence(retrain('TRAINED', { version: 'org-2' }), model, t('en'), 'en')).toBe(
      'org-2 is active: trained on 1,234 decided lists, it did at least as well on the held-out ones.',
    );
    expect(retrainSentence(retrain('ROLLED_BACK', { version: 'org-3' }), model, t('en'), 'en')).toBe(
      'org-3 did worse on the held-out decided lists (1,234 in all) and was rolled back; default-1 stays.',
    );
    expect(retrainSentence(retrain('FAILED'), model, t('en'), 'en')).toBe('The retrain failed: Server message.');
    const czech = retrainSentence(retrain('TOO_FEW_LABELS'), model, t('cs'), 'cs');
    expect(czech).toMatch(/^Pro přeučení je málo rozhodnutých seznamů \(dosud 1\s234; potřeba je 100, z toho 30/);
  });

  it('counts the decisions toward the next automatic retrain, never past it', () => {
    expect(nextRetrainSentence({ decisionsSinceRetrain: 12, retrainAfter: 200 }, t('en'), 'en')).toBe(
      '12 of 200 new decisions taken; a retrain runs on its own at 200.',
    );
    expect(nextRetrainSentence({ decisionsSinceRetrain: 450, retrainAfter: 200 }, t('en'), 'en')).toMatch(
      /^200 of 200/,
    );
    expect(nextRetrainSentence({ decisionsSinceRetrain: 3, retrainAfter: 200 }, t('cs'), 'cs')).toBe(
      'Nových rozhodnutí: 3 z 200; při 200 se model přeučí sám.',
    );
  });
});
