/** The product page's keys (each shown beside its button). */
export const DETAIL_KEYS = {
  down: ['j', 'ArrowDown'],
  up: ['k', 'ArrowUp'],
  match: ['m'],
  neverMatch: ['n'],
  skip: ['s'],
  undo: ['u'],
  next: ['ArrowRight', 'Enter'],
  search: ['/'],
} as const;

/** aria-keyshortcuts writes keys by their KeyboardEvent names. */
export const ariaKeys = (keys: readonly string[]) =>
  keys.map((key) => (key.length === 1 ? key.toUpperCase() : key)).join(' ');
