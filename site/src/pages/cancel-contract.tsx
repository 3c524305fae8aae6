import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { ApiError } from '../lib/api';
import { formatDate, typeset } from '../lib/format';
import { useSession, type SessionUser } from '../lib/session';
import { PriceSteps } from '../features/prices/price-steps';
import { cancelContract, type CancelReason, type Contract } from '../features/contracts/api';
import { CancelReasonFields, PreviewBox, usePreview } from '../features/contracts/cancel-reason';
import { cancelLeads, reasonLabels } from '../features/contracts/reasons';
import { addressText, offerText } from '../features/contracts/contract-parts';
import { useContracts } from '../features/contracts/use-contract';
import '../features/prices/prices.css';
import '../features/contracts/contracts.css';

const steps = ['Vous et votre contrat', 'Le motif', 'Confirmation'];

/** The step's heading, focused when the step changes so a screen reader starts there. */
function StepHeading({ step, moved }: { step: number; moved: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved) ref.current?.focus();
  }, [step, moved]);
  return <h2 ref={ref} tabIndex={-1}>Étape {step}&nbsp;sur 3&nbsp;: {steps[step - 1]}</h2>;
}

/** Who asks, as the account and the contract know them. */
function Identity({ user, contract }: { user: SessionUser; contract?: Contract }) {
  const h = contract?.holder;
  return (
    <dl className="contract-facts">
      <div><dt>Nom</dt><dd>{h?.name || user.displayName || user.email}</dd></div>
      <div><dt>Adresse e-mail</dt><dd>{user.email}</dd></div>
      {h?.address ? <div><dt>Adresse</dt><dd>{addressText(h)}</dd></div> : null}
    </dl>
  );
}

function contractLine(c: Contract): string {
  return `n°\u00a0${c.number} · ${c.productLabel}, ${offerText(c)}`;
}

/** Step 1: the identity, and the contract to cancel (chosen among several). */
function ChooseStep({ user, contracts, chosen, onChoose, onNext }: { user: SessionUser; contracts: Contract[]; chosen?: Contract; onChoose: (id: string) => void; onNext: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (chosen) onNext(); else setError('Choisissez le contrat à résilier.'); }} noValidate>
      <h3>Votre identité</h3>
      <Identity user={user} contract={chosen ?? contracts[0]} />
      {contracts.length === 1 && chosen ? (
        <>
          <h3>Le contrat à résilier</h3>
          <p className="contract-choice-one">{contractLine(chosen)}</p>
        </>
      ) : (
        <fieldset className="contract-fieldset" aria-describedby={error ? 'contrat-erreur' : undefined}>
          <legend>Le contrat à résilier</legend>
          {contracts.map((c) => (
            <div key={c.id} className="field-radio">
              <input id={`contrat-${c.id}`} type="radio" name="contrat" checked={chosen?.id === c.id} onChange={() => { onChoose(c.id); setError(undefined); }} />
              <label htmlFor={`contrat-${c.id}`}>{contractLine(c)}</label>
            </div>
          ))}
          {error ? <p id="contrat-erreur" className="field-error">{error}</p> : null}
        </fieldset>
      )}
      {chosen ? <WithdrawalOffer contract={chosen} /> : null}
      <div className="contract-actions">
        <button className={`btn ${chosen?.actions.includes('withdraw') ? 'btn-secondary' : 'btn-primary'}`} type="submit">
          {chosen?.actions.includes('withdraw') ? 'Résilier plutôt' : 'Continuer'}
        </button>
      </div>
    </form>
  );
}

/**
 * Within the 14 days of a contract just signed, the withdrawal comes first:
 * the contract is then without effect from the start, where a cancellation
 * would run it until its term, a year later.
 */
function WithdrawalOffer({ contract }: { contract: Contract }) {
  if (!contract.actions.includes('withdraw') || !contract.withdrawUntil) return null;
  return (
    <div className="notice contract-withdraw-offer">
      <h3>Vous pouvez encore vous rétracter, jusqu’au {formatDate(contract.withdrawUntil)}</h3>
      <p>{typeset('Ce contrat a été signé il y a moins de 14 jours. La rétractation y met fin aujourd’hui, sans motif ni pénalité : vous ne payez que les jours couverts, le reste vous est remboursé. Une résiliation, elle, le laisserait courir jusqu’à son échéance.')}</p>
      <Link className="btn btn-primary" to={`/mes-contrats/${encodeURIComponent(contract.id)}/retractation`}>
        Me rétracter<span className="visually-hidden"> du contrat n°&nbsp;{contract.number}</span>
      </Link>
    </div>
  );
}

/** The cancellation of a chosen contract: the reason, then the summary and the confirmation. */
function Cancellation({ user, contracts, initial }: { user: SessionUser; contracts: Contract[]; initial?: string }) {
  const [step, setStep] = useState(1);
  const [moved, setMoved] = useState(false);
  const [chosenId, setChosenId] = useState(initial ?? (contracts.length === 1 ? contracts[0]?.id : undefined));
  const [reason, setReason] = useState<CancelReason>();
  const [text, setText] = useState('');
  const [committed, setCommitted] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [textError, setTextError] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<{ date: string; contract: Contract }>();
  const chosen = contracts.find((c) => c.id === chosenId);
  const preview = usePreview(chosen ?? (contracts[0] as Contract), chosen ? reason : undefined, committed);

  const go = (s: number) => { setMoved(true); setStep(s); setFailure(undefined); };
  // The preview answers the reason and the text chosen now, not earlier ones.
  const current = preview.status === 'ready' && preview.preview.reason === reason && preview.text === (reason === 'other' ? committed : '');

  // « Continuer » with a text not yet previewed: on to the summary once its date is known.
  useEffect(() => {
    if (!waiting || preview.status === 'loading' || preview.status === 'idle') return;
    if (preview.status === 'ready' && !current) return;
    setWaiting(false);
    if (current) go(3);
  }, [waiting, preview.status, current]);

  if (done) return <Acknowledged user={user} date={done.date} contract={done.contract} />;

  function toSummary(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!reason) {
      setReasonError('Choisissez le motif de la résiliation.');
      document.getElementById('motif-term')?.focus();
      return;
    }
    if (reason === 'other' && !text.trim()) {
      setTextError('Dites en quelques mots le motif de votre résiliation.');
      document.getElementById('motif-texte')?.focus();
      return;
    }
    if (reason === 'other' && committed !== text) {
      // The text was not left before « Continuer »: its date first, then the summary.
      setCommitted(text);
      setWaiting(true);
      return;
    }
    if (current) go(3);
  }

  async function confirm() {
    if (!chosen || !reason) return;
    setBusy(true);
    try {
      const res = await cancelContract(chosen.id, reason, text.trim());
      setDone({ date: res.effectiveDate, contract: res.contract });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Votre demande n’a pas pu être enregistrée. Réessayez.');
      setBusy(false);
    }
  }

  const shownTextError = textError ?? (reason === 'other' && preview.status === 'failed' && preview.field === 'text' ? preview.message : undefined);

  return (
    <>
      <PriceSteps names={steps} current={step} />
      <div className="card contract-section contract-cancel">
        <StepHeading step={step} moved={moved} />
        {failure ? <p className="form-error" role="alert">{failure}</p> : null}
        {step === 1 ? <ChooseStep user={user} contracts={contracts} chosen={chosen} onChoose={setChosenId} onNext={() => go(2)} /> : null}
        {step === 2 && chosen ? (
          <form onSubmit={toSummary} noValidate>
            <p className="contract-choice-one">{contractLine(chosen)}</p>
            {chosen.actions.includes('withdraw') && chosen.withdrawUntil ? (
              <p className="notice">
                {typeset(`Rappel : jusqu’au ${formatDate(chosen.withdrawUntil)}, la rétractation met fin au contrat dès aujourd’hui. `)}
                <Link to={`/mes-contrats/${encodeURIComponent(chosen.id)}/retractation`}>Me rétracter</Link>
              </p>
            ) : null}
            <CancelReasonFields
              contract={chosen} reason={reason} text={text} textError={shownTextError}
              error={reasonError ?? (preview.status === 'failed' && preview.field !== 'text' ? preview.message : undefined)}
              onReason={(r) => { setReason(r); setReasonError(undefined); }} onText={(t) => { setText(t); setTextError(undefined); }} onTextDone={() => setCommitted(text)}
            />
            <PreviewBox state={preview} />
            <div className="contract-actions">
              <button className="btn btn-primary" type="submit" disabled={preview.status === 'loading'}>Continuer</button>
              <button className="btn btn-secondary" type="button" onClick={() => go(1)}>Retour</button>
            </div>
          </form>
        ) : null}
        {step === 3 && chosen && reason && preview.status === 'ready' ? (
          <>
            <dl className="contract-facts">
              <div><dt>Demandée par</dt><dd>{chosen.holder.name || user.displayName}, {user.email}</dd></div>
              <div><dt>Contrat</dt><dd>{contractLine(chosen)}</dd></div>
              <div><dt>Motif</dt><dd>{reasonLabels[reason]}{reason === 'other' ? <>&nbsp;: <span className="quote-message">{text.trim()}</span></> : null}</dd></div>
              <div><dt>Fin du contrat</dt><dd><strong>{formatDate(preview.preview.date)}</strong></dd></div>
              <div><dt>Règle appliquée</dt><dd>{typeset(preview.preview.rule)}</dd></div>
            </dl>
            <p>{typeset('Votre assurance continue jusqu’à cette date ; les prélèvements prévus après elle sont annulés. Vous recevez un accusé de réception par e-mail.')}</p>
            <div className="contract-actions">
              <button className="btn btn-primary" type="button" disabled={busy} onClick={() => void confirm()}>
                {busy ? 'Envoi…' : 'Confirmer ma demande de résiliation'}
              </button>
              <button className="btn btn-secondary" type="button" disabled={busy} onClick={() => go(2)}>Retour</button>
            </div>
          </>
        ) : null}
      </div>
    </>
  );
}

/** After the confirmation: the effective date, and that an e-mail was sent. */
function Acknowledged({ user, date, contract }: { user: SessionUser; date: string; contract: Contract }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="card contract-done" aria-labelledby="resiliation-enregistree">
      <h2 id="resiliation-enregistree" ref={ref} tabIndex={-1}>Votre demande de résiliation est enregistrée</h2>
      <p>{typeset(`Le contrat n°\u00a0${contract.number} (${contract.productLabel}) prendra fin le `)}<strong>{formatDate(date)}</strong>.</p>
      <p>{typeset(`Un accusé de réception est en cours d’envoi par e-mail à ${user.email}, avec cette date.`)}</p>
      <p><Link to={`/mes-contrats/${encodeURIComponent(contract.id)}`}>Voir le contrat</Link> · <Link to="/mes-contrats">Mes contrats</Link></p>
    </section>
  );
}

/** When nothing may be cancelled: why, per contract. */
function NothingToCancel({ contracts, wanted }: { contracts: Contract[]; wanted?: Contract }) {
  const asked = contracts.filter((c) => c.status === 'cancel_requested');
  return (
    <div className="card contract-empty">
      {wanted && wanted.status === 'cancel_requested' && wanted.ending ? (
        <p>{typeset(`La résiliation du contrat n°\u00a0${wanted.number} est déjà demandée : il prend fin le ${formatDate(wanted.ending.date)}.`)}</p>
      ) : wanted ? (
        <p>{typeset(`Le contrat n°\u00a0${wanted.number} est « ${wanted.statusLabel} » : il n’y a rien à résilier.`)}</p>
      ) : (
        <p>{typeset('Vous n’avez pas de contrat en cours à résilier en ligne.')}</p>
      )}
      {!wanted && asked.length > 0 ? (
        <ul>{asked.map((c) => <li key={c.id}>{typeset(`Contrat n°\u00a0${c.number} : résiliation demandée, fin le ${formatDate(c.ending?.date ?? c.startDate)}.`)}</li>)}</ul>
      ) : null}
      <p>{typeset('Un contrat souscrit ailleurs se résilie auprès de son assureur ; nos conseillers peuvent vous aider.')}</p>
      <p className="contract-card-links"><Link className="btn btn-primary" to="/mes-contrats">Mes contrats</Link> <Link className="card-link" to="/contact">Nous contacter</Link></p>
    </div>
  );
}

/** /resilier/:id, and /resilier signed in: « Résilier votre contrat » in three steps (décret 2023-182). */
export default function CancelContractPage() {
  const { id } = useParams();
  return (
    <>
      <PageHeader title="Résilier votre contrat" lead={typeset(cancelLeads.signedIn)} />
      <section className="section">
        <CancelContract id={id} />
      </section>
    </>
  );
}

/** The three steps for the signed-in client, for contract id or one to choose. */
export function CancelContract({ id }: { id?: string }) {
  const user = useSession()?.user;
  const [state, reload] = useContracts();
  const cancellable = state.status === 'ready' ? state.contracts.filter((c) => c.actions.includes('cancel')) : [];
  const wanted = state.status === 'ready' && id ? state.contracts.find((c) => c.id === id) : undefined;
  const initial = wanted && cancellable.includes(wanted) ? wanted.id : undefined;
  return (
    <div className="container contract-page">
      {state.status === 'loading' ? <p className="muted" role="status">Chargement de vos contrats…</p> : null}
      {state.status === 'failed' ? (
        <div className="form-error" role="alert">
          <p>{state.message}</p>
          <button className="btn btn-secondary" type="button" onClick={reload}>Réessayer</button>
        </div>
      ) : null}
      {state.status === 'ready' && user && id && !wanted ? (
        <div className="card contract-empty" role="alert"><p>Ce contrat est introuvable.</p><Link className="btn btn-primary" to="/resilier">Résilier un autre contrat</Link></div>
      ) : null}
      {state.status === 'ready' && user && (!id || wanted) ? (
        cancellable.length > 0 && (!wanted || initial) ? (
          <Cancellation user={user} contracts={cancellable} initial={initial} />
        ) : (
          <NothingToCancel contracts={state.contracts} wanted={wanted} />
        )
      ) : null}
    </div>
  );
}
