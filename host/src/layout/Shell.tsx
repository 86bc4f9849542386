import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { onUnauthenticated, useSession } from '@hcm/kit';
import { Toaster } from './Toaster';
import { useDocumentTitle } from './useDocumentTitle';

/** Around every page: the document title, the toasts, and the way back to login when a session ends. */
export function Shell() {
  const navigate = useNavigate();
  useDocumentTitle();

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
