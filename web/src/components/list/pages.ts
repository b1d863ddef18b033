/** The last page of a list of `total` rows (1 for an empty list). */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page to show instead of `page` when it is past the end (its last rows deleted, or an
 * address with a page beyond the list), or null when `page` is fine or the total is not known.
 * An estimated total (a large list the API does not count exactly) is not known well enough to
 * move the reader elsewhere.
 */
export function clampedPage(
  page: number,
  pageSize: number,
  total: number | undefined,
  totalIsEstimate = false,
): number | null {
  if (total === undefined || totalIsEstimate) return null;
  const last = lastPageOf(total, pageSize);
  return page > last ? last : null;
}
