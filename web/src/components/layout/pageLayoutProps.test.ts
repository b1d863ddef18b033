import { describe, expect, it } from 'vitest';
import type { PageLayoutProps } from './PageLayout.tsx';
import { assertLayoutProps } from './pageLayoutProps.ts';

// Omitting the resource is a TypeScript error (checked by `pnpm typecheck`)…
// @ts-expect-error a page layout must declare the resource it belongs to
const withoutResource: PageLayoutProps = { title: 'Home' };

describe('assertLayoutProps', () => {
  it('accepts a resource and a title', () => {
    expect(() => assertLayoutProps({ resource: 'home', title: 'Home' })).not.toThrow();
  });

  // …and, for code that slips past the compiler, the developer error of locales/en.json at run time.
  it.each([
    [withoutResource, 'The resource prop is required'],
    [{ resource: '', title: 'Home' }, 'The resource prop is required'],
    [{ resource: 'home' }, 'The title prop is required'],
  ])('%j -> %s', (props, message) => {
    expect(() => assertLayoutProps(props)).toThrow(message);
  });
});
