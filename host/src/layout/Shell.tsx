import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { pageTitle } from '@hcm/contract';
import { onUnauthenticated, usePageTitleStore, useRuntime, useSession } from '@hcm/kit';
import { Toaster } from './Toaster';

/** Around every page: the document title, the toasts, and the way back to login when a session ends. */
export function Shell() {
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const routeName = usePageTitleStore((state) => state.routeName);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = pageTitle(productLabel, routeName);
  }, [productLabel, routeName]);

  useEffect(
    () =>
      onUnauthenticated(() => {
        if (useSession.getState().status === 'authenticated') {
          useSession.getState().clear();
          navigate('/', { replace: true });
        }
      }),
    [navigate],
  );

  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
