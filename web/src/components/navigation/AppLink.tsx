import { Link, type LinkProps } from 'react-router';
import { useCarriedPath } from '../../routes/useCarriedPath.ts';

/** An internal link that carries `owid` and `locale` along (web/README.md). */
export function AppLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const carried = useCarriedPath();
  return <Link to={carried(to)} {...props} />;
}
