import { describe, expect, it } from 'vitest';
import { assertLayoutProps } from './pageLayoutProps.ts';

describe('assertLayoutProps', () => {
  it('accepts a resource and a title', () => {
    expect(() => assertLayoutProps({ resource: 'home', title: 'Home' })).not.toThrow();
  });

  it.each([
    [{ title: 'Home' }, 'The resource prop is required'],
    [{ resource: '', title: 'Home' }, 'The resource prop is required'],
    [{ resource: 'home' }, 'The title prop is required'],
  ])('%j -> %s', (props, message) => {
    expect(() => assertLayoutProps(props)).toThrow(message);
  });
});
