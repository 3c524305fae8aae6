import { companyEmail, companyPhone, mailHref, telHref } from '../lib/brand';

/**
 * What a form or the chat says when JavaScript is off: that it needs it,
 * and how else to reach the broker. The part that needs JavaScript carries
 * the class `needs-js`, hidden until the inline script of index.html marks
 * <html> with `js`. A <noscript> element: the same markup on the server
 * and in the browser, so hydration finds what it rendered.
 */
export function NeedsJs({ what = 'Ce formulaire' }: { what?: string }) {
  return (
    <noscript>
      <p className="noscript-note">
        {`${what} a besoin de JavaScript. Vous pouvez aussi nous appeler au `}
        <a href={telHref}>{companyPhone}</a> ou nous écrire à <a href={mailHref}>{companyEmail}</a>.
      </p>
    </noscript>
  );
}
