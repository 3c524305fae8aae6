import { useId } from 'react';
import { formatDate, formatDateTime, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { StaffClaim } from './claim-api';
import { ClaimFiles } from './claim-files';
import { ClaimMoves } from './claim-moves';
import { ClaimResponsibility } from './claim-responsibility';
import { ClaimThread } from './claim-thread';
import { shortDateTime } from './dates';
import type { KindPanel, KindPanelProps } from './types';
import '../../components/quote-fields.css';
import './claim-panel.css';

/** The claim of GET /api/desk/requests/{id}/claim, or null when the detail is not one. */
export function claimOf(detail: unknown): StaffClaim | null {
  const c = (detail as { claim?: StaffClaim } | null)?.claim;
  return c && typeof c === 'object' && Array.isArray(c.files) && Array.isArray(c.moves) ? c : null;
}

/** The contract the loss is declared on: one of ours, or one held elsewhere. */
function ContractFacts({ c }: { c: StaffClaim }) {
  return (
    <>
      <div>
        <dt>Contrat</dt>
        <dd>{c.contractNumber ? <>N°&nbsp;{c.contractNumber} <span className="tag">souscrit chez nous</span></> : 'Contrat souscrit ailleurs'}</dd>
      </div>
      <div><dt>Assureur</dt><dd>{c.insurer}</dd></div>
      {c.policyNumber ? <div><dt>N° de police</dt><dd>{c.policyNumber}</dd></div> : null}
      <div><dt>Produit</dt><dd>{c.productLabel}</dd></div>
    </>
  );
}

/** When the loss happened and the delay the law gives to declare it. */
function DelayFacts({ c }: { c: StaffClaim }) {
  return (
    <>
      <div><dt>Nature</dt><dd>{c.kindLabel}</dd></div>
      <div><dt>Date du sinistre</dt><dd><time dateTime={c.occurredAt}>{formatDate(c.occurredAt)}</time></dd></div>
      <div>
        <dt>Délai pour déclarer</dt>
        <dd>
          {c.declareBy ? <strong>À déclarer au plus tard le <time dateTime={c.declareBy}>{formatDate(c.declareBy)}</time></strong> : null}
          <span className="claim-rule">{typeset(c.declareRule)}</span>
        </dd>
      </div>
      <div>
        <dt>Déclaré le</dt>
        <dd>
          <time dateTime={c.declaredAt}>{formatDateTime(c.declaredAt)}</time>
          {c.late ? <> <span className="due-badge due-overdue">Déclaré hors délai</span></> : null}
        </dd>
      </div>
    </>
  );
}

/** What the steps added: the insurer's number, the piece asked, the amount, the refusal; and the assistance line. */
function StepFacts({ c }: { c: StaffClaim }) {
  return (
    <>
      {c.insurerRef ? <div><dt>N° de sinistre de l’assureur</dt><dd>{c.insurerRef}</dd></div> : null}
      {c.asked ? <div><dt>Pièce demandée</dt><dd className="claim-text">{c.asked}</dd></div> : null}
      {c.amountCents ? <div><dt>Indemnité</dt><dd>{formatEuros(c.amountCents)}</dd></div> : null}
      {c.reason ? (
        <div>
          <dt>Motif du refus</dt>
          <dd><span className="claim-text">{c.reason}</span>{c.mediator ? <span className="claim-rule">{c.mediator}</span> : null}</dd>
        </div>
      ) : null}
      {c.assistance ? (
        <div>
          <dt>Assistance 24&nbsp;h/24</dt>
          <dd>{c.assistance.insurer}&nbsp;: <a href={`tel:${c.assistance.phone.replace(/[^\d+]/g, '')}`}>{c.assistance.phone}</a></dd>
        </div>
      ) : null}
    </>
  );
}

/** What the client declared: the contract, the dates and delay, the answers and the description. */
function Declaration({ c }: { c: StaffClaim }) {
  const id = useId();
  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Déclaration</h2>
      <dl className="claim-facts">
        <ContractFacts c={c} />
        <DelayFacts c={c} />
        <StepFacts c={c} />
      </dl>
      {c.answers.length > 0 ? (
        <>
          <h3>Circonstances</h3>
          <dl className="claim-facts">
            {c.answers.map((a) => <div key={a.id}><dt>{typeset(a.label)}</dt><dd className="claim-text">{a.text || a.value}</dd></div>)}
          </dl>
        </>
      ) : null}
      <h3>Description du client</h3>
      <p className="claim-text claim-description">{c.description}</p>
    </section>
  );
}

/** The steps the client reads in « Mes sinistres », oldest first. */
function ClaimSteps({ c }: { c: StaffClaim }) {
  const id = useId();
  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Étapes vues par le client</h2>
      <ol className="claim-steps">
        {c.history.map((s, i) => (
          <li key={`${s.at}-${i}`}>
            <p className="note-meta"><strong>{s.label}</strong> · <time dateTime={s.at}>{shortDateTime(s.at)}</time></p>
            {s.text ? <p className="note-body">{s.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The declaration, its files and the steps the client reads. */
function Details({ detail, onChange }: KindPanelProps) {
  const c = claimOf(detail);
  if (!c) return <p className="form-error" role="alert">Le détail du sinistre n’a pas pu être lu.</p>;
  return (
    <>
      <Declaration c={c} />
      <ClaimFiles claim={c} onChange={onChange} />
      <ClaimSteps c={c} />
    </>
  );
}

/** The next step, and the thread with the client. */
function Actions({ detail, onChange }: KindPanelProps) {
  const c = claimOf(detail);
  if (!c) return null;
  return (
    <>
      <ClaimMoves claim={c} onChange={onChange} />
      <ClaimResponsibility claim={c} onChange={onChange} />
      <ClaimThread claim={c} onChange={onChange} />
    </>
  );
}

/**
 * The claim's parts of the staff request page. Its moves and its thread
 * are its own: the page offers neither the queue's bare status change nor
 * the shared list of replies.
 */
export const claimPanel: KindPanel = { Details, Actions, ownMoves: true, ownThread: true };
