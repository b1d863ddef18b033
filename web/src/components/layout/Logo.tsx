import { BRAND_COLOR } from '../../config/constants.ts';

/** The product's mark: a price tag in the brand colour. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M4 4h12l12 12-12 12L4 16z" fill={BRAND_COLOR} />
      <circle cx="10" cy="10" r="2.5" fill="#fff" />
    </svg>
  );
}
