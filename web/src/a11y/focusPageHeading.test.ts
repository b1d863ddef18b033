import { describe, expect, it } from 'vitest';
import { type FocusableDocument, focusPageHeading } from './focusPageHeading.ts';

/** A heading as the function sees it: its attributes and whether it was focused. */
function heading(attributes: Record<string, string> = {}) {
  const attrs = new Map(Object.entries(attributes));
  const element = {
    attrs,
    focused: false,
    hasAttribute: (name: string) => attrs.has(name),
    setAttribute: (name: string, value: string) => void attrs.set(name, value),
    focus: () => {
      element.focused = true;
    },
  };
  return element;
}

const body = { tagName: 'BODY' };
const documentWith = (active: unknown, h1: ReturnType<typeof heading> | null): FocusableDocument => ({
  activeElement: active,
  body,
  querySelector: (selector) => (selector === 'main h1' ? h1 : null),
});

describe('focusPageHeading', () => {
  it('focuses the page title when the keyboard is nowhere (on the body), making it focusable by script only', () => {
    const h1 = heading();
    expect(focusPageHeading(documentWith(body, h1))).toBe('focused');
    expect(h1.focused).toBe(true);
    expect(h1.attrs.get('tabindex')).toBe('-1');
  });

  it('leaves focus that is somewhere already (a field with autoFocus, a dialog)', () => {
    const h1 = heading();
    expect(focusPageHeading(documentWith({ tagName: 'INPUT' }, h1))).toBe('busy');
    expect(h1.focused).toBe(false);
  });

  it('answers missing while the new page has no title yet', () => {
    expect(focusPageHeading(documentWith(body, null))).toBe('missing');
    expect(focusPageHeading(documentWith(null, null))).toBe('missing');
  });

  it('keeps a tabindex the title already has', () => {
    const h1 = heading({ tabindex: '0' });
    focusPageHeading(documentWith(body, h1));
    expect(h1.attrs.get('tabindex')).toBe('0');
  });
});
