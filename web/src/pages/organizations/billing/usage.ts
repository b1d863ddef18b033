/** How full a limit is, for a progress bar: percent used (0-100) and its state. */
export function usagePercent(
  used: number,
  limit: number,
): { percent: number; status: 'normal' | 'exception' | 'success' } {
  if (limit <= 0) return { percent: used > 0 ? 100 : 0, status: used > 0 ? 'exception' : 'normal' };
  const percent = Math.min(100, Math.round((used / limit) * 100));
  return { percent, status: used >= limit ? 'exception' : 'normal' };
}

/** The colour of an invoice's status tag. */
export const INVOICE_STATUS_COLORS: Record<string, string> = { paid: 'green', open: 'gold', void: 'default' };
