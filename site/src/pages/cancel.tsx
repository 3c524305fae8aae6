import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NeedsJs } from '../components/needs-js';
import { PageHeader } from '../components/page-header';
import { TextField } from '../components/text-field';
import { ApiError } from '../lib/api';
import { typeset } from '../lib/format';
import { island } from '../lib/island';
import { useSession } from '../lib/session';
import { askCancellation, type CancelReason } from '../features/contracts/api';
import { ConfirmCancellation } from '../features/contracts/confirm-cancellation';
import { cancelLeads, reasonHints, reasonLabels } from '../features/contracts/reasons';
import '../features/contracts/contracts.css';

// The three steps of a signed-in client load once the page is in: a
// visitor's form stays small (the public pages' JavaScript budget).
const SignedIn = island(() => import('./cancel-contract').then((m) => m.CancelContract));


const reasons: CancelReason[] = ['term', 'hamon', 'other'];

type Errors = Partial<Record<'contractNumber' | 'lastName' | 'email' | 'reason' | 'text', string>>;

/** What the form checks before asking the server, in the server's words. */
function check(f: { contractNumber: string; lastName: string; email: string; reason?: CancelReason; text: string }): Errors {
  const e: Errors = {};
  if (!f.lastName) e.lastName = 'Indiquez votre nom de famille, tel qu’il figure sur le contrat.';
  if (!f.contractNumber) e.contractNumber = 'Indiquez le numéro de votre contrat.';
  if (!f.email) e.email = 'Saisissez l’adresse e-mail du contrat.';
  if (!f.reason) e.reason = 'Choisissez le motif de la résiliation.';
  if (f.reason === 'other' && !f.text) e.text = 'Dites en quelques mots le motif de votre résiliation.';
  return e;
}

/** « Résilier votre contrat » without an account (décret 2023-182): the identification, the reason, a link by e-mail. */
function VisitorCancellation() {
  const [reason, setReason] = useState<CancelReason>();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sentRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const data = new FormData(ev.currentTarget);
    const get = (k: string) => String(data.get(k) ?? '').trim();
    const form = { contractNumber: get('contractNumber'), lastName: get('lastName'), email: get('email'), reason, text: get('text') };
    const found = check(form);
    setErrors(found);
    setFailure(undefined);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first === 'reason' ? 'motif-term' : `resiliation-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      setSent(await askCancellation({ ...form, reason: form.reason as CancelReason }));
    } catch (err) {
      if (err instanceof ApiError && err.errors.length > 0) {
        setErrors(Object.fromEntries(err.errors.map((m) => [m.field, m.message])));
      } else if (err instanceof ApiError && err.field) {
        setErrors({ [err.field]: err.message });
      } else {
        setFailure(err instanceof ApiError ? err.message : 'Votre demande n’a pas pu être envoyée. Réessayez.');
      }
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="card contract-done" role="status">
        <h2 ref={sentRef} tabIndex={-1}>Vérifiez votre messagerie</h2>
        <p>{typeset(sent)}</p>
        <p className="muted">{typeset('Pensez à regarder dans les indésirables. Rien reçu après quelques minutes ? Vérifiez le numéro du contrat, votre nom et l’adresse e-mail du contrat, puis recommencez.')}</p>
      </div>
    );
  }

  return (
    <div className="card contract-section contract-cancel">
      <h2>Votre demande</h2>
      <p>{typeset('Votre demande est datée du jour où vous ouvrez le lien de confirmation ; l’accusé de réception rappelle cette date et celle de la fin du contrat. Vous avez un espace client ?')} <Link to="/login?next=%2Fresilier">Connectez-vous</Link>{'\u00a0: vos contrats y sont déjà.'}</p>
      {failure ? <p className="form-error" role="alert">{failure}</p> : null}
      <NeedsJs />
      <form className="needs-js" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField id="resiliation-lastName" label="Nom de famille" name="lastName" autoComplete="family-name" required error={errors.lastName} />
        <TextField id="resiliation-contractNumber" label="Numéro du contrat" name="contractNumber" hint="Il figure sur vos documents et vos e-mails, par exemple CT-2026-000123." autoCapitalize="characters" spellCheck={false} required error={errors.contractNumber} />
        <TextField id="resiliation-email" label="Adresse e-mail du contrat" name="email" type="email" inputMode="email" autoComplete="email" hint="Le lien de confirmation y est envoyé." required error={errors.email} />
        <fieldset className="contract-fieldset" aria-describedby={errors.reason ? 'motif-erreur' : undefined}>
          <legend>Le motif de votre résiliation</legend>
          {reasons.map((r) => (
            <div key={r} className="field-radio field-radio-hint">
              <input id={`motif-${r}`} type="radio" name="reason" value={r} checked={reason === r} onChange={() => { setReason(r); setErrors((e) => ({ ...e, reason: undefined })); }} aria-describedby={`motif-${r}-aide`} />
              <label htmlFor={`motif-${r}`}>{reasonLabels[r]}</label>
              <p id={`motif-${r}-aide`} className="field-hint">{typeset(reasonHints[r])}</p>
            </div>
          ))}
          {errors.reason ? <p id="motif-erreur" className="field-error">{errors.reason}</p> : null}
        </fieldset>
        {reason === 'other' ? (
          <div className="field">
            <label htmlFor="resiliation-text">Votre motif</label>
            <textarea id="resiliation-text" name="text" rows={4} maxLength={1000}
              aria-invalid={errors.text ? true : undefined} aria-describedby={errors.text ? 'resiliation-text-erreur' : undefined} />
            {errors.text ? <p id="resiliation-text-erreur" className="field-error">{errors.text}</p> : null}
          </div>
        ) : null}
        <p className="muted">{typeset('La date de fin dépend du contrat : elle figure dans l’e-mail de confirmation. Dans les 14 jours qui suivent la signature, vous pouvez aussi vous rétracter depuis votre espace client.')}</p>
        <div className="contract-actions">
          <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Envoi…' : 'Recevoir le lien de confirmation'}</button>
        </div>
      </form>
    </div>
  );
}

/**
 * /resilier: « Résilier votre contrat », reachable from every page, with or
 * without an account (décret 2023-182); and /confirmer-resiliation, the
 * page of the link that confirms a request made without an account (one
 * module for both: each route costs every public page its line).
 */
export default function CancelPage() {
  const session = useSession();
  if (useLocation().pathname === '/confirmer-resiliation') return <ConfirmCancellation />;
  const user = session?.user;
  return (
    <>
      <PageHeader title="Résilier votre contrat" lead={typeset(user ? cancelLeads.signedIn : cancelLeads.visitor)} />
      <section className="section">
        {session === undefined ? null : user ? <SignedIn /> : (
          <div className="container contract-page"><VisitorCancellation /></div>
        )}
      </section>
    </>
  );
}
