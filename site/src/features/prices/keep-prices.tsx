import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { typeset } from '../../lib/format';
import type { SessionUser } from '../../lib/session';

/** The unticked consent to be contacted, the same words everywhere. */
export const consentLabel = 'J’accepte qu’un conseiller me contacte au sujet de ces prix';

/** The French message of a refused keep, and the field it concerns. */
export function keepError(err: unknown): { field?: string; message: string } {
  if (!(err instanceof ApiError)) return { message: 'Vos prix n’ont pas pu être gardés. Réessayez.' };
  if (err.status === 429) return { message: typeset('Trop de demandes à la suite : réessayez dans quelques minutes.') };
  return { field: err.field ?? err.errors[0]?.field, message: err.errors[0]?.message ?? err.message };
}

function Consent({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="field-check">
      <input id="prix-consentement" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor="prix-consentement">{consentLabel}</label>
    </div>
  );
}

interface KeepPricesProps {
  user: SessionUser | null;
  /** Where /login and /register bring the visitor back to keep the prices. */
  returnTo: string;
  busy: boolean;
  error?: { field?: string; message: string };
  /** The answer to a visitor's e-mail: the link is on its way. */
  sent?: string;
  onKeep: (request: { email?: string; consent: boolean }) => void;
}

/**
 * « Garder mes prix »: in one click for a signed-in client; by e-mail for
 * a visitor, or by creating an account or signing in, which brings them
 * back here to keep them.
 */
export function KeepPrices({ user, returnTo, busy, error, sent, onKeep }: KeepPricesProps) {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [invalid, setInvalid] = useState<string>();
  const next = `?next=${encodeURIComponent(returnTo)}`;
  const emailError = invalid ?? (error?.field === 'email' ? error.message : undefined);
  const formError = error && error.field !== 'email' ? error.message : undefined;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const address = email.trim();
    const problem = user ? undefined : !address ? 'Saisissez votre adresse e-mail.'
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? undefined : 'Adresse e-mail invalide.';
    setInvalid(problem);
    if (problem) {
      document.getElementById('prix-email')?.focus();
      return;
    }
    onKeep(user ? { consent } : { email: address, consent });
  }

  return (
    <section className="card price-keep" aria-labelledby="garder-prix">
      <h2 id="garder-prix">Garder mes prix</h2>
      {sent ? (
        <p className="notice-success" role="status">{sent}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {formError ? <p className="form-error" role="alert">{formError}</p> : null}
          {user ? (
            <p>Ils rejoignent vos devis, dans votre espace client, jusqu’à la fin de leur validité.</p>
          ) : (
            <>
              <p>Recevez par e-mail un lien pour les retrouver jusqu’à la fin de leur validité, sans créer de compte.</p>
              <TextField
                id="prix-email" label="Votre adresse e-mail" type="email" inputMode="email" autoComplete="email" name="email"
                value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} className="input-medium"
              />
            </>
          )}
          <Consent checked={consent} onChange={setConsent} />
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {busy ? 'Envoi…' : user ? 'Garder mes prix dans mon espace' : 'Recevoir le lien par e-mail'}
          </button>
        </form>
      )}
      {user ? null : (
        <p className="price-keep-account">
          Ou gardez-les dans un espace client&nbsp;:{' '}
          <Link to={`/register${next}`}>Créer un compte</Link> ou <Link to={`/login${next}`}>Me connecter</Link>
        </p>
      )}
    </section>
  );
}
