import { formatDate } from '../../lib/format';
import { formatPhone } from '../quotes/quotes';
import type { Contract } from './types';

/** The policyholder, as they were at subscription. */
export function ClientCard({ contract }: { contract: Contract }) {
  const h = contract.holder;
  const place = [h.postalCode, h.city].filter(Boolean).join(' ');
  return (
    <section className="card side-card" aria-labelledby="client-titre">
      <h2 id="client-titre">Client</h2>
      <dl className="facts">
        <div><dt>Nom</dt><dd>{contract.policyholder?.lastName ? h.name : <>{h.name || '—'} <span className="muted">(nom d’usage du compte&nbsp;: nom légal pas encore donné)</span></>}</dd></div>
        <div><dt>E-mail</dt><dd><a href={`mailto:${h.email}?subject=${encodeURIComponent(contract.number)}`}>{h.email}</a></dd></div>
        {h.birthDate ? <div><dt>Naissance</dt><dd>{formatDate(h.birthDate)}</dd></div> : null}
        {h.phone ? <div><dt>Téléphone</dt><dd><a href={`tel:${h.phone}`}>{formatPhone(h.phone)}</a></dd></div> : null}
        <div><dt>Adresse</dt><dd>{h.address ? <>{h.address}<br />{place}</> : <span className="muted">Pas encore donnée</span>}</dd></div>
      </dl>
    </section>
  );
}

/** The SEPA mandate the premiums are taken with, its IBAN masked. */
export function MandateCard({ contract }: { contract: Contract }) {
  const m = contract.mandate;
  return (
    <section className="card side-card" aria-labelledby="mandat-titre">
      <h2 id="mandat-titre">Mandat SEPA</h2>
      {m ? (
        <dl className="facts">
          <div><dt>Référence (RUM)</dt><dd className="mono">{m.rum}</dd></div>
          <div><dt>Titulaire</dt><dd>{m.holder}</dd></div>
          <div><dt>IBAN</dt><dd className="mono">{m.iban}</dd></div>
          <div><dt>Signé le</dt><dd>{formatDate(m.signedAt)}</dd></div>
        </dl>
      ) : <p className="muted">Le mandat sera signé avec le contrat.</p>}
    </section>
  );
}
