import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRouteError } from 'react-router-dom';
import { companyEmail, companyPhone, mailHref, telHref } from '../lib/brand';
import { shouldReloadForChunk } from '../lib/lazy-page';
import { buildReport, reportError } from '../lib/report-error';
import { Loading } from './loading';

/** The error screen of SPEC.md §2; the failure is logged and reported to the server. */
export function ErrorScreen() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const [reloading] = useState(() => shouldReloadForChunk(error, pathname));
  const reported = useRef(false);

  useEffect(() => {
    if (reloading) {
      window.location.reload();
      return;
    }
    if (reported.current) return;
    reported.current = true;
    console.error('Erreur de rendu', error);
    void reportError(buildReport(error, pathname, new Date()));
  }, [error, pathname, reloading]);

  if (reloading) return <Loading />;

  return (
    <section className="error-screen container" role="alert">
      <h1>Oups&nbsp;! Quelque chose s’est mal passé</h1>
      <p>Une erreur inattendue est survenue. Notre équipe technique a été prévenue et va la corriger.</p>
      <div className="error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
        <Link className="btn btn-secondary" to="/" reloadDocument>
          Retour à l’accueil
        </Link>
      </div>
      <p>
        Besoin d’aide tout de suite&nbsp;? Appelez-nous au <a href={telHref}>{companyPhone}</a> ou écrivez-nous à{' '}
        <a href={mailHref}>{companyEmail}</a>.
      </p>
    </section>
  );
}
