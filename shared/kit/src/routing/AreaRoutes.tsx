import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { AreaHome } from './AreaHome';
import { NotFound } from '@hcm/kit';

/**
 * The routes of an area under one of its prefixes: its home page at the area's home prefix, the screens
 * given as children, and a not-found page for anything else.
 */
export function AreaRoutes({
  area,
  prefix,
  children,
  fallback = <NotFound />,
}: {
  area: AreaDescriptor;
  prefix: string;
  children?: ReactNode;
  /** What answers the paths no route matches: a not-found page, or the area's lazily loaded screens. */
  fallback?: ReactNode;
}) {
  const isHome = area.home === `/app/${prefix}`;
  return (
    <Routes>
      {isHome ? <Route index element={<AreaHome area={area} />} /> : null}
      {children}
      <Route path="*" element={fallback} />
    </Routes>
  );
}
