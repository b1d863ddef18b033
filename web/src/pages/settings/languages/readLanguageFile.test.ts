import { describe, expect, it } from 'vitest';
import { readLanguageFile, uploadProblemMessage } from './readLanguageFile.ts';

const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });

describe('readLanguageFile', () => {
  it.each([
    ['de.json', '{"home":{"title":"Startseite"}}', { code: 'de', messages: { home: { title: 'Startseite' } } }],
    ['de.json', '{"home": ', { problem: { key: 'notJson' } }],
    ['de.json', '[1]', { problem: { key: 'notObject' } }],
    ['de.json', '{"a":1}', { problem: { key: 'notText', path: 'a' } }],
    ['german.txt', '{}', { problem: { key: 'badName' } }],
    ['cs.json', '{}', { problem: { key: 'builtIn', code: 'cs' } }],
    ['de.json', `{"a":"${'x'.repeat(1024 * 1024)}"}`, { problem: { key: 'tooLarge' } }],
  ])('%s %#', async (name, text, result) => {
    expect(await readLanguageFile(file(name, text))).toMatchObject(result);
  });
});

describe('uploadProblemMessage', () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;
  it('passes the file, the reason and the offending key', () => {
    expect(uploadProblemMessage({ key: 'notText', path: 'a.b' }, 'de.json', t)).toBe(
      'languages.upload.notText {"file":"de.json","key":"a.b","path":"a.b"}',
    );
  });
});
