import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { formatDate, formatDateTime, typeset } from '../lib/format';
import { formatEuros } from '../features/quotes/quotes';
import type { Claim } from '../features/claims/api';
import { AddFiles, ClaimStatusBadge, DeclareDelay, FileList, Thread, Timeline } from '../features/claims/claim-parts';
import { telOf } from '../features/claims/emergency-banner';
import { useClaim } from '../features/claims/use-claims';
import '../features/contracts/contracts.css';
import '../features/claims/claims.css';

/** What the claim's status calls for first: the piece asked, the amount paid, the refusal and the mediator. */
function Outcome({ claim, onFiles }: { claim: Claim; onFiles: (c: Claim, sent: number) => void }) {
  if (claim.status === 'pieces') {
    return (
      <section className="claim-asked" aria-labelledby="pieces-titre">
        <h2 id="pieces-titre">Pièces demandées</h2>
        {claim.asked ? <p className="claim-asked-text">{typeset(claim.asked)}</p> : null}
        {claim.actions.includes('file') ? <AddFiles claim={claim} id="sinistre-pieces" label="Envoyer les pièces demandées" onChange={onFiles} /> : null}
      </section>
    );
  }
  if (claim.status === 'indemnified' && claim.amountCents !== undefined) {
    return (
      <section className="card contract-section claim-outcome-indemnified" aria-labelledby="indemnite-titre">
        <h2 id="indemnite-titre">Indemnisation</h2>
        <p>L’assureur vous indemnise de <strong>{formatEuros(claim.amountCents)}</strong>.</p>
      </section>
    );
  }
  if (claim.status === 'refused') {
    return (
      <section className="card contract-section claim-outcome-refused" aria-labelledby="refus-titre">
        <h2 id="refus-titre">Refus de l’assureur</h2>
        {claim.reason ? <p><strong>Motif&nbsp;:</strong> {typeset(claim.reason)}</p> : null}
        {claim.mediator ? <p>{typeset(claim.mediator)}</p> : null}
      </section>
    );
  }
  return null;
}

/** The declaration as it was made: contract, nature, date, answers and account. */
function Declaration({ claim }: { claim: Claim }) {
  return (
    <section className="card contract-section" aria-labelledby="declaration-titre">
      <h2 id="declaration-titre">Votre déclaration</h2>
      <dl className="contract-facts">
        <div>
          <dt>Contrat</dt>
          <dd>
            {claim.contractId ? <Link to={`/mes-contrats/${encodeURIComponent(claim.contractId)}`}>n°&nbsp;{claim.contractNumber}</Link> : <>n°&nbsp;{claim.policyNumber}</>}
            , {claim.productLabel}, chez {claim.insurer}
          </dd>
        </div>
        {claim.insurerRef ? <div><dt>Numéro chez l’assureur</dt><dd>{claim.insurerRef}</dd></div> : null}
        <div><dt>Nature</dt><dd>{claim.kindLabel}</dd></div>
        <div><dt>Date du sinistre</dt><dd><time dateTime={claim.occurredAt}>{formatDate(claim.occurredAt)}</time></dd></div>
        <div><dt>Déclaré le</dt><dd><time dateTime={claim.declaredAt}>{formatDateTime(claim.declaredAt)}</time></dd></div>
        {claim.answers.map((a) => <div key={a.id}><dt>{typeset(a.label)}</dt><dd>{typeset(a.text)}</dd></div>)}
      </dl>
      <h3>Votre récit</h3>
      <p className="claim-description">{typeset(claim.description)}</p>
    </section>
  );
}

/** The claim's page once loaded. */
function ClaimView({ claim, onChange, declared }: { claim: Claim; onChange: (c: Claim) => void; declared: boolean }) {
  const [received, setReceived] = useState(0);
  const onFiles = (c: Claim, sent: number) => {
    onChange(c);
    setReceived(sent);
  };
  return (
    <>
      <div className="claim-live" role="status">
        {received > 0 ? (
          <p className="notice-success">
            {typeset(received > 1 ? `Merci : vos ${received} fichiers sont reçus, votre conseiller en est averti.` : 'Merci : votre fichier est reçu, votre conseiller en est averti.')}
          </p>
        ) : null}
      </div>
      {declared ? (
        <p className="notice-success" role="status">
          {typeset(claim.elsewhere
            ? `Votre déclaration est enregistrée sous la référence ${claim.ref}. Votre contrat est chez ${claim.insurer} : c’est à vous de lui déclarer ce sinistre, nous vous aidons.`
            : `Votre déclaration est enregistrée sous la référence ${claim.ref}. Nous la transmettons à ${claim.insurer} et vous écrivons à chaque étape.`)}
        </p>
      ) : null}
      {claim.elsewhere ? (
        <section className="card contract-section" aria-labelledby="declarer-titre">
          <h2 id="declarer-titre">{typeset(`Déclarer ce sinistre à ${claim.insurer}`)}</h2>
          <p>{typeset(`${claim.insurer} ne nous a pas confié la gestion de votre contrat : nous ne pouvons pas lui transmettre votre déclaration. Faites-la vous-même${claim.elsewhere.by ? `, au plus tard le ${formatDate(claim.elsewhere.by)}` : ''}, auprès du ${claim.elsewhere.contact.replace(/^le /, '')}.`)}</p>
          <p className="muted">{typeset(`Délai : ${claim.elsewhere.rule}.`)}</p>
          <h3>À joindre</h3>
          <ul>{claim.elsewhere.send.map((s) => <li key={s}>{typeset(s)}</li>)}</ul>
          <p>{typeset('Votre conseiller vous aide à préparer cette déclaration : écrivez-lui ci-dessous.')}</p>
        </section>
      ) : null}
      {claim.assistance ? (
        <p className="notice claim-assistance">
          Assistance de {claim.assistance.insurer}, 24&nbsp;h/24&nbsp;: <a href={telOf(claim.assistance.phone)}>{claim.assistance.phone}</a>
        </p>
      ) : null}
      <Outcome claim={claim} onFiles={onFiles} />
      <section className="card contract-section" aria-labelledby="suivi-titre">
        <h2 id="suivi-titre">Suivi du dossier</h2>
        <DeclareDelay claim={claim} />
        <Timeline claim={claim} />
      </section>
      <Declaration claim={claim} />
      <section className="card contract-section" aria-labelledby="fichiers-titre">
        <h2 id="fichiers-titre">Photos et documents</h2>
        <FileList files={claim.files} />
        {claim.actions.includes('file') && claim.status !== 'pieces' ? <AddFiles claim={claim} id="sinistre-ajout" label="Ajouter des photos ou des documents" onChange={onFiles} /> : null}
      </section>
      <section className="card contract-section" aria-labelledby="messages-titre">
        <h2 id="messages-titre">Échanges avec votre conseiller</h2>
        <Thread claim={claim} onChange={onChange} />
      </section>
      <p><Link to="/mes-sinistres">Tous mes sinistres</Link></p>
    </>
  );
}

/** /mes-sinistres/:id: one claim, its steps, its delay, its files and the thread with the broker. */
export default function ClaimPage() {
  const { id = '' } = useParams();
  const [state, replace] = useClaim(id);
  const location = useLocation();
  const declared = Boolean((location.state as { declared?: boolean } | null)?.declared);
  const claim = state.status === 'ready' ? state.claim : undefined;
  return (
    <>
      <PageHeader
        title={claim ? <>Sinistre <span className="nowrap">{claim.ref}</span></> : 'Mon sinistre'}
        lead={claim ? typeset(`${claim.kindLabel}, ${claim.productLabel.toLowerCase()}, le ${formatDate(claim.occurredAt)}`) : typeset('Son suivi, vos documents et vos échanges avec votre conseiller.')}
      >
        {claim ? <ClaimStatusBadge claim={claim} /> : null}
      </PageHeader>
      <section className="section">
        <div className="container contract-page">
          {state.status === 'loading' ? <p className="muted" role="status">Chargement de votre dossier…</p> : null}
          {state.status === 'failed' ? (
            <div className="card contract-empty" role="alert">
              <p>{state.message}</p>
              <Link className="btn btn-primary" to="/mes-sinistres">Mes sinistres</Link>
            </div>
          ) : null}
          {claim ? <ClaimView claim={claim} onChange={replace} declared={declared} /> : null}
        </div>
      </section>
    </>
  );
}
