import { describe, expect, it } from 'vitest';
import { isTypingTarget, type KeyPress, keyLabel, shortcutFor, stepIndex } from './shortcuts.ts';

/** A stand-in element: its tag and the selectors its ancestors (or itself) match. */
function element(tagName: string, matches: string[] = [], extra: Record<string, unknown> = {}) {
  return {
    tagName: tagName.toUpperCase(),
    closest: (selector: string) => (selector.split(',').some((part) => matches.includes(part.trim())) ? {} : null),
    ...extra,
  } as unknown as EventTarget;
}

const press = (key: string, target: EventTarget | null = element('body'), more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...more,
});

const match = { keys: ['m'], run: () => undefined, name: 'match' };
const next = { keys: ['ArrowRight', 'Enter'], run: () => undefined, name: 'next' };
const down = { keys: ['j', 'ArrowDown'], run: () => undefined, name: 'down' };
const SHORTCUTS = [match, next, down];

describe('shortcutFor', () => {
  it.each([
    ['m on the page', press('m'), 'match'],
    ['M (Caps Lock or Shift) on the page', press('M'), 'match'],
    ['an arrow', press('ArrowDown'), 'down'],
    ['Enter on the page', press('Enter'), 'next'],
    ['a letter on a focused button', press('m', element('button', ['button'])), 'match'],
    ['an arrow on a focused button', press('ArrowRight', element('button', ['button'])), 'next'],
    [
      'a letter on a row checkbox just clicked',
      press('m', element('input', ['input[type="checkbox"]'], { type: 'checkbox' })),
      'match',
    ],
  ])('%s triggers its shortcut', (_, keyPress, expected) => {
    expect(shortcutFor(keyPress, SHORTCUTS)?.name).toBe(expected);
  });

  it.each([
    ['typing in an input', press('m', element('input'))],
    ['typing in a search input', press('m', element('input', [], { type: 'search' }))],
    ['typing in a number input', press('j', element('input', [], { type: 'number' }))],
    [
      'Enter on a focused checkbox (a control: Enter and Space stay its own)',
      press('Enter', element('input', ['input[type="checkbox"]'], { type: 'checkbox' })),
    ],
    ['typing in a textarea', press('m', element('textarea'))],
    ['typing in a select', press('j', element('select'))],
    ['typing in an antd select search (inside a combobox)', press('m', element('span', ['[role="combobox"]']))],
    ['typing in an editable element', press('m', element('div', [], { isContentEditable: true }))],
    ['Ctrl held (copy, reload)', press('m', undefined, { ctrlKey: true })],
    ['Cmd held', press('m', undefined, { metaKey: true })],
    ['Alt held', press('ArrowRight', undefined, { altKey: true })],
    ['a key held down (repeat)', press('m', undefined, { repeat: true })],
    ['a press another handler took', press('m', undefined, { defaultPrevented: true })],
    ['Enter on a focused button (it clicks the button)', press('Enter', element('button', ['button']))],
    ['Enter on a link', press('Enter', element('a', ['a[href]']))],
    ['a key nobody bound', press('x')],
  ])('%s triggers nothing', (_, keyPress) => {
    expect(shortcutFor(keyPress, SHORTCUTS)).toBeNull();
  });

  it('skips a disabled shortcut', () => {
    expect(shortcutFor(press('m'), [{ ...match, disabled: true }])).toBeNull();
  });

  it('treats a missing target as the page', () => {
    expect(shortcutFor(press('m', null), SHORTCUTS)?.name).toBe('match');
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('keyLabel', () => {
  it.each([
    ['m', 'M'],
    ['ArrowDown', '↓'],
    ['ArrowRight', '→'],
    [' ', 'Space'],
    ['Enter', 'Enter'],
  ])('%j is written %s', (key, label) => {
    expect(keyLabel(key)).toBe(label);
  });
});

describe('stepIndex', () => {
  it.each([
    [0, 1, 3, 1],
    [2, 1, 3, 2],
    [0, -1, 3, 0],
    [-1, 1, 3, 0],
    [-1, -1, 3, 2],
    [5, -1, 3, 2],
    [0, 1, 0, -1],
  ])('from %d by %d in %d items: %d', (current, delta, length, expected) => {
    expect(stepIndex(current, delta, length)).toBe(expected);
  });
});
