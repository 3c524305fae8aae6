import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { setSessionUser } from '../../lib/session';
import { endedMessage, endOtherSessions, endSession, listSessions, type AccountSession, type SessionsResult } from './sessions';
import './account-sessions.css';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; sessions: AccountSession[] };

/** What the user asked to end: one session, or all the others. */
type Target = { kind: 'one'; session: AccountSession } | { kind: 'others'; count: number };

const failed = 'La demande a échoué. Réessayez.';

function quoted(device: string): string {
  return `«\u00a0${device}\u00a0»`;
}

interface ConfirmProps {
  target: Target;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}

/** The confirmation of ending sessions: what will happen, and the password that allows it. */
function ConfirmEnd({ target, onConfirm, onCancel }: ConfirmProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    if (!password) {
      setErrors({ password: 'Saisissez votre mot de passe pour confirmer.' });
      return;
    }
    setBusy(true);
    try {
      await onConfirm(password);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'password') setErrors({ password: err.message });
      else setErrors({ form: err instanceof ApiError ? err.message : failed });
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  }

  const one = target.kind === 'one';
  const title = one
    ? `Déconnecter la session ${quoted(target.session.device)}\u00a0?`
    : target.count === 1 ? 'Déconnecter votre autre session\u00a0?' : `Déconnecter vos ${target.count} autres sessions\u00a0?`;
  const text = one
    ? 'Sur cet appareil, il faudra se reconnecter.'
    : 'Sur chacun de ces appareils, il faudra se reconnecter. Cette session-ci reste ouverte.';
  return (
    <form ref={formRef} className="session-confirm" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-labelledby={titleId}>
      <p id={titleId} className="session-confirm-title">{title}</p>
      <p>{text} Pour confirmer, saisissez votre mot de passe.</p>
      {errors.form ? <p className="form-error" role="alert">{errors.form}</p> : null}
      <PasswordField label="Mot de passe" name="password" autoComplete="current-password" error={errors.password} />
      <div className="session-confirm-actions">
        <button className="btn btn-danger" type="submit" disabled={busy}>{one ? 'Confirmer la déconnexion' : 'Tout déconnecter'}</button>
        <button className="btn btn-secondary" type="button" onClick={onCancel}>Annuler</button>
      </div>
    </form>
  );
}

function SessionItem({ session, children }: { session: AccountSession; children?: ReactNode }) {
  return (
    <li className={session.current ? 'session-item session-current' : 'session-item'}>
      <div className="session-head">
        <p className="session-device">
          {session.device}
          {session.current ? <span className="session-badge">Cette session</span> : null}
        </p>
        <dl className="session-dates">
          <dt>Première connexion</dt>
          <dd><time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time></dd>
          <dt>Dernière activité</dt>
          <dd><time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time></dd>
        </dl>
      </div>
      {children}
    </li>
  );
}

/**
 * "Mes sessions" on /profile: every browser signed in to the account, and
 * ending any other one or all of them (the password confirms it). It reloads
 * when `reloadKey` changes, after an e-mail or password change.
 */
export function AccountSessions({ reloadKey }: { reloadKey: number }) {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [target, setTarget] = useState<Target | null>(null);
  const [done, setDone] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const formId = useId();

  const signedOut = useCallback(() => {
    setSessionUser(null);
    navigate(`/login?next=${encodeURIComponent('/profile')}`, { replace: true });
  }, [navigate]);

  const load = useCallback(() => {
    listSessions()
      .then((res) => setState({ status: 'ready', sessions: res.sessions }))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) signedOut();
        else setState({ status: 'failed', message: err instanceof ApiError ? err.message : failed });
      });
  }, [signedOut]);

  useEffect(load, [load, reloadKey]);

  function open(next: Target, button: HTMLButtonElement) {
    trigger.current = button;
    setDone('');
    setTarget(next);
  }

  function cancel() {
    setTarget(null);
    trigger.current?.focus();
  }

  async function confirm(password: string) {
    if (!target) return;
    let res: SessionsResult;
    try {
      res = target.kind === 'one' ? await endSession(target.session.id, password) : await endOtherSessions(password);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return signedOut();
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      // Ended meanwhile, elsewhere: say so and show the list as it is now.
      setTarget(null);
      setDone(err.message);
      load();
      headingRef.current?.focus();
      return;
    }
    setState({ status: 'ready', sessions: res.sessions });
    setTarget(null);
    setDone(target.kind === 'one' ? `La session ${quoted(target.session.device)} a été déconnectée.` : endedMessage(res.ended));
    headingRef.current?.focus();
  }

  const sessions = state.status === 'ready' ? state.sessions : [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="card profile-card sessions-card" aria-labelledby="sessions">
      <h2 id="sessions" ref={headingRef} tabIndex={-1}>Mes sessions</h2>
      <p>
        Les appareils connectés à votre compte. Si vous n’en reconnaissez pas un, déconnectez-le puis changez votre mot de passe.
      </p>
      <p className="form-success" role="status">{done}</p>
      {state.status === 'loading' ? <p className="muted">Chargement de vos sessions…</p> : null}
      {state.status === 'failed' ? (
        <div className="form-error" role="alert">
          <p>Vos sessions n’ont pas pu être chargées. {state.message}</p>
          <button className="btn btn-secondary" type="button" onClick={load}>Réessayer</button>
        </div>
      ) : null}
      {sessions.length > 0 ? (
        <ul className="session-list">
          {sessions.map((s) => {
            const open1 = target?.kind === 'one' && target.session.id === s.id;
            return (
              <SessionItem key={s.id} session={s}>
                {s.current ? null : (
                  <button className="btn btn-secondary session-end" type="button" aria-expanded={open1} aria-controls={open1 ? formId : undefined}
                    onClick={(e) => open({ kind: 'one', session: s }, e.currentTarget)}>
                    Déconnecter{' '}<span className="visually-hidden">la session {quoted(s.device)}</span>
                  </button>
                )}
                {open1 ? <div id={formId}><ConfirmEnd target={target} onConfirm={confirm} onCancel={cancel} /></div> : null}
              </SessionItem>
            );
          })}
        </ul>
      ) : null}
      {others > 0 ? (
        <div className="sessions-all">
          <button className="btn btn-secondary" type="button" aria-expanded={target?.kind === 'others'} aria-controls={target?.kind === 'others' ? formId : undefined}
            onClick={(e) => open({ kind: 'others', count: others }, e.currentTarget)}>
            Déconnecter toutes les autres sessions
          </button>
          {target?.kind === 'others' ? <div id={formId}><ConfirmEnd target={target} onConfirm={confirm} onCancel={cancel} /></div> : null}
        </div>
      ) : null}
      {state.status === 'ready' && others === 0 ? <p className="muted">Aucune autre session n’est ouverte.</p> : null}
    </section>
  );
}
