import { describe, expect, it } from 'vitest';
import { compareWithModel, countKeys, languageCodeFromFileName, parseLanguageFile } from './languageFile.ts';

describe('languageCodeFromFileName', () => {
  it.each([
    ['de.json', { code: 'de' }],
    ['pt-BR.json', { code: 'pt-BR' }],
    ['en.json', { problem: { key: 'builtIn', code: 'en' } }],
    ['cs.json', { problem: { key: 'builtIn', code: 'cs' } }],
    ['de.txt', { problem: { key: 'badName' } }],
    ['DE.json', { problem: { key: 'badName' } }],
    ['german.json', { problem: { key: 'badName' } }],
    ['.json', { problem: { key: 'badName' } }],
  ])('%s -> %j', (name, result) => {
    expect(languageCodeFromFileName(name)).toEqual(result);
  });
});

describe('parseLanguageFile (api/src/graphql/validate.ts: must parse as JSON, an object of texts)', () => {
  it.each([
    ['{"app":{"title":"Konsole"},"x":"y"}', { messages: { app: { title: 'Konsole' }, x: 'y' } }],
    ['{}', { messages: {} }],
    ['{"a": ', { problem: { key: 'notJson' } }],
    ['not json', { problem: { key: 'notJson' } }],
    ['[]', { problem: { key: 'notObject' } }],
    ['"text"', { problem: { key: 'notObject' } }],
    ['null', { problem: { key: 'notObject' } }],
    ['{"a":{"b":1}}', { problem: { key: 'notText', path: 'a.b' } }],
    ['{"a":["x"]}', { problem: { key: 'notText', path: 'a' } }],
    ['{"a":null}', { problem: { key: 'notText', path: 'a' } }],
    ['{"a":"x","b":true}', { problem: { key: 'notText', path: 'b' } }],
  ])('%s', (text, result) => {
    expect(parseLanguageFile(text)).toMatchObject(result);
  });

  it('gives the parser reason for broken JSON', () => {
    const result = parseLanguageFile('{"a": ');
    expect('problem' in result && result.problem.key === 'notJson' && result.problem.reason).toBeTruthy();
  });
});

describe('compareWithModel', () => {
  const model = {
    app: { title: 'Console', subtitle: 'x' },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    home: 'Home',
  };
  it.each([
    [{ app: { title: 'Konsole' } }, { missing: ['app.subtitle', 'home', 'items'], extra: [] }],
    [{ ...model }, { missing: [], extra: [] }],
    [
      { app: { title: 'T', subtitle: 'S' }, items_few: 'x', home: 'H', extra: { key: 'E' } },
      { missing: [], extra: ['extra.key'] },
    ],
    [{}, { missing: ['app.subtitle', 'app.title', 'home', 'items'], extra: [] }],
  ])('%j', (source, comparison) => {
    expect(compareWithModel(model, source)).toEqual(comparison);
  });
});

describe('countKeys', () => {
  it.each([
    [{}, 0],
    [{ a: 'x' }, 1],
    [{ a: { b: 'x', c: 'y' }, n_one: '1', n_other: '2' }, 3],
  ])('%j -> %i', (messages, count) => {
    expect(countKeys(messages)).toBe(count);
  });
});
