import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { CarriedNavigate } from '../../components/navigation/CarriedNavigate.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useAuthProvider } from '../../providers/auth/AuthProviderContext.tsx';
import { ROUTES } from '../../routes/routeTable.ts';

/** Signed in on the sign-in page -> home; while the session is being restored -> a spinner. */
export function PublicOnly() {
  const authProvider = useAuthProvider();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let active = true;
    authProvider.check().then(
      ({ authenticated }) => active && setSignedIn(authenticated),
      () => active && setSignedIn(false),
    );
    return () => {
      active = false;
    };
  }, [authProvider]);

  if (signedIn === null) return <PageLoading />;
  return signedIn ? <CarriedNavigate to={ROUTES.home.path} /> : <Outlet />;
}
