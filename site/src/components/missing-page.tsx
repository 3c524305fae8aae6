import { lazy, Suspense } from 'react';
import { Loading } from './loading';

// Only a wrong address shows it, never the page's own content: its chunk loads then.
const NotFoundPage = lazy(() => import('../pages/not-found'));

/** The not-found page, for a page whose route matched but whose subject does not exist (an unknown product). */
export function MissingPage() {
  return (
    <Suspense fallback={<Loading />}>
      <NotFoundPage />
    </Suspense>
  );
}
