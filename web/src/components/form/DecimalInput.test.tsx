import { Form } from 'antd';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { decimalSeparator } from '../format/format.ts';
import { DecimalInput } from './DecimalInput.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
});

/** The value the field shows for 2.5 in a form, in `language`. */
async function shown(language: string): Promise<string | undefined> {
  await i18next.changeLanguage(language);
  const html = renderToStaticMarkup(
    <Form initialValues={{ tolerance: 2.5 }}>
      <Form.Item name="tolerance" label="Tolerance">
        <DecimalInput min={0} />
      </Form.Item>
    </Form>,
  );
  return /<input[^>]*\svalue="([^"]*)"/.exec(html)?.[1];
}

describe('DecimalInput', () => {
  it.each([
    ['en', '2.5'],
    ['cs', '2,5'],
    ['de-CH', '2.5'],
    ['x-custom', '2.5'],
  ])('writes 2.5 as %s does: %s', async (language, text) => {
    expect(await shown(language)).toBe(text);
  });

  it.each([
    ['en', '.'],
    ['cs', ','],
    ['fr', ','],
    ['not a language tag!', '.'],
  ])('decimalSeparator(%j) is %j', (language, separator) => {
    expect(decimalSeparator(language)).toBe(separator);
  });
});
