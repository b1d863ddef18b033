import type { CompetitorRow, MatchingMode, ScrapingFrequency } from './queries.ts';

/** What the create and edit forms hold. */
export interface CompetitorFormValues {
  name: string;
  url: string;
  matchingMode: MatchingMode;
  active: boolean;
  scrapingFrequency: ScrapingFrequency;
}

/** The form's fields, where a BAD_USER_INPUT message of the API is shown. */
export const COMPETITOR_FIELDS = ['name', 'url', 'matchingMode', 'active', 'scrapingFrequency'] as const;

export const NAME_MAX = 200;

/** A new competitor starts in confirmation mode, active, scraped daily (the API's defaults). */
export const NEW_COMPETITOR: CompetitorFormValues = {
  name: '',
  url: '',
  matchingMode: 'confirmation',
  active: true,
  scrapingFrequency: 'daily',
};

/** Whether the text is an absolute http(s) address with a host, as the API requires. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The form values as CompetitorInput: texts trimmed. */
export function createInput(values: CompetitorFormValues): CompetitorFormValues {
  return { ...values, name: values.name.trim(), url: values.url.trim() };
}

/** Only what the form changed, as CompetitorUpdateInput; empty when nothing changed. */
export function updateInput(current: CompetitorRow, values: CompetitorFormValues): Partial<CompetitorFormValues> {
  const next = createInput(values);
  const input: Partial<CompetitorFormValues> = {};
  for (const field of COMPETITOR_FIELDS) {
    if (next[field] !== current[field]) (input as Record<string, unknown>)[field] = next[field];
  }
  return input;
}

/** The form's starting values for a competitor. */
export function formValuesOf(competitor: CompetitorRow): CompetitorFormValues {
  const { name, url, matchingMode, active, scrapingFrequency } = competitor;
  return { name, url, matchingMode, active, scrapingFrequency };
}
