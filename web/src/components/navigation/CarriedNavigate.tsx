import { Navigate, useLocation } from 'react-router';
import { withCarriedParams } from '../../routes/paths.ts';

/** A redirect that carries `owid` and `locale` along (web/README.md). */
export function CarriedNavigate({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={withCarriedParams(to, search)} replace />;
}

/** Signed out on a protected page: to sign-in, remembering the page asked for in `to`. */
export function LoginRedirect({ loginPath }: { loginPath: string }) {
  const { pathname, search } = useLocation();
  const asked = `${pathname}${search}`;
  const target = asked === '/' ? loginPath : `${loginPath}?to=${encodeURIComponent(asked)}`;
  return <Navigate to={withCarriedParams(target, search)} replace />;
}
