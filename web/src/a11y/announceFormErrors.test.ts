import { describe, expect, it } from 'vitest';
import { type ElementLike, FORM_ERROR_SELECTOR, markFormErrors } from './announceFormErrors.ts';

/** An element as the marker sees it: its class, its attributes and the elements inside it. */
class FakeElement implements ElementLike {
  readonly attributes = new Map<string, string>();
  constructor(
    private readonly className: string,
    private readonly children: FakeElement[] = [],
  ) {}
  matches(selector: string) {
    return selector === FORM_ERROR_SELECTOR && this.className.split(' ').includes('ant-form-item-explain-error');
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.children.flatMap((child) => [
      ...(child.matches(selector) ? [child] : []),
      ...child.querySelectorAll(selector),
    ]);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

describe('markFormErrors', () => {
  it('gives an added error line role="alert"', () => {
    const line = new FakeElement('ant-form-item-explain-error');
    markFormErrors(line);
    expect(line.attributes.get('role')).toBe('alert');
  });

  it('finds the error lines inside an added explanation, and leaves warnings and other text alone', () => {
    const error = new FakeElement('ant-form-item-explain-error');
    const warning = new FakeElement('ant-form-item-explain-warning');
    const explanation = new FakeElement('ant-form-item-explain', [error, warning]);
    const field = new FakeElement('ant-form-item', [new FakeElement('ant-input'), explanation]);
    markFormErrors(field);
    expect(error.attributes.get('role')).toBe('alert');
    expect(warning.attributes.has('role')).toBe(false);
    expect(field.attributes.has('role')).toBe(false);
  });

  it('keeps a role the line already has', () => {
    const line = new FakeElement('ant-form-item-explain-error');
    line.setAttribute('role', 'status');
    markFormErrors(line);
    expect(line.attributes.get('role')).toBe('status');
  });

  it('ignores text nodes', () => {
    expect(() => markFormErrors({ nodeType: 3, textContent: 'Name is required' })).not.toThrow();
  });
});
