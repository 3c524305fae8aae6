import { companyName } from './brand';

/**
 * The document title of a page. The Go server formats the same way
 * (pkg/web/pages.go), so the first HTML and the client agree.
 */
export function pageTitle(title: string, isHome = false): string {
  return isHome ? `${companyName} – ${title}` : `${title} – ${companyName}`;
}
