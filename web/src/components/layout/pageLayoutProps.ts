/** locales/en.json: the developer error when a page layout omits its resource. */
export const RESOURCE_REQUIRED = 'The resource prop is required';
export const TITLE_REQUIRED = 'The title prop is required';

/** Throws the developer error for a page layout that omits a required prop. */
export function assertLayoutProps(props: { resource?: unknown; title?: unknown }): void {
  if (!props.resource) throw new Error(RESOURCE_REQUIRED);
  if (props.title === undefined || props.title === null || props.title === '') throw new Error(TITLE_REQUIRED);
}
