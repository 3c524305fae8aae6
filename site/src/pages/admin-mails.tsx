import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../lib/api';
import { shortDateTime } from '../features/desk/dates';
import { StaffOnly } from '../features/desk/staff-only';
import { useAction } from '../features/desk/use-action';
import { fetchOutbox, isMailStatus, retryMail, type MailCounts, type MailStatus, type OutboxMail } from '../features/mails/api';
import { MailStatusPill } from '../features/mails/mail-status';
import { RetryConfirm } from '../features/mails/retry-confirm';
import '../features/desk/desk.css';
import '../features/mails/mails.css';

/** The states of the filter, with the label of each (plural: it names a set). */
const states: { value: MailStatus | ''; label: string }[] = [
  { value: '', label: 'Tous' }, { value: 'pending', label: 'Non envoyés' }, { value: 'sent', label: 'Envoyés' }, { value: 'failed', label: 'En échec' },
];

function countOf(c: MailCounts, s: MailStatus | ''): number {
  return s === '' ? c.pending + c.sent + c.failed : c[s];
}

/** « Tous / Non envoyés / Envoyés / En échec » with their counts, as radios (arrow keys move between them). */
function StateFilter({ value, counts, onChange }: { value: MailStatus | ''; counts: MailCounts | null; onChange: (s: MailStatus | '') => void }) {
  const id = useId();
  return (
    <fieldset className="field segmented mail-filter">
      <legend>État</legend>
      <div className="segmented-options">
        {states.map((s) => (
          <label key={s.value} className={value === s.value ? 'segmented-on' : undefined}>
            <input type="radio" name={`${id}-state`} value={s.value} checked={value === s.value} onChange={() => onChange(s.value)} />
            {/* One flex item, so that the count stays with its word. */}
            <span>{s.label}{counts ? <span className="mail-count">{'\u00a0'}({countOf(counts, s.value)})</span> : null}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function MailRow({ m, onRetry }: { m: OutboxMail; onRetry: (m: OutboxMail) => void }) {
  return (
    <tr>
      <td className="mail-subject" data-label="Objet">
        <Link to={`/dashboard/mails/${m.id}`} viewTransition>{m.subject}</Link>
        <span className="muted mail-number">n°{'\u00a0'}{m.id}</span>
      </td>
      <td className="mail-to" data-label="Destinataire">{m.to}</td>
      <td className="mail-state" data-label="État">
        <MailStatusPill status={m.status} />
        {m.status === 'failed' ? (
          <button className="btn btn-secondary btn-small" type="button" aria-label={`Renvoyer le courriel n°\u00a0${m.id}`} onClick={() => onRetry(m)}>
            Renvoyer
          </button>
        ) : null}
      </td>
      <td className="mail-date" data-label="Écrit le"><time dateTime={m.createdAt}>{shortDateTime(m.createdAt)}</time></td>
    </tr>
  );
}

type List = { mails: OutboxMail[]; counts: MailCounts };

function MailsList() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('etat');
  // The state is kept in the address (a link or a reload keeps it) and here:
  // the address changes after a navigation, and a controlled radio would
  // go back meanwhile.
  const [status, setStatus] = useState<MailStatus | ''>(isMailStatus(raw) ? raw : '');
  useEffect(() => setStatus(isMailStatus(raw) ? raw : ''), [raw]);
  const [list, setList] = useState<List | null>(null);
  const [loadError, setLoadError] = useState('');
  const [pending, setPending] = useState<OutboxMail | null>(null);
  const [done, setDone] = useState('');
  const load = useCallback(() => {
    fetchOutbox(status).then((l) => { setList(l); setLoadError(''); },
      (err: unknown) => setLoadError(err instanceof ApiError ? err.message : 'Erreur inattendue.'));
  }, [status]);
  useEffect(load, [load]);
  const [action, run] = useAction(load);
  const choose = (s: MailStatus | '') => {
    setDone('');
    setPending(null);
    setStatus(s);
    setParams(s ? { etat: s } : {}, { replace: true });
  };
  const confirm = async (m: OutboxMail) => {
    if (await run(() => retryMail(m.id))) {
      setDone(`Le courriel n°\u00a0${m.id} est remis en file d’envoi.`);
      setPending(null);
    }
  };
  const label = states.find((s) => s.value === status)?.label.toLowerCase() ?? 'tous';
  return (
    <>
      <StateFilter value={status} counts={list?.counts ?? null} onChange={choose} />
      <p className="notice-line" role="status">{done}</p>
      {pending ? <RetryConfirm mail={pending} busy={action.busy} onConfirm={() => void confirm(pending)} onCancel={() => setPending(null)} /> : null}
      {action.error ? <p className="form-error" role="alert">{action.error}</p> : null}
      {loadError ? (
        <div className="form-error" role="alert">
          <p>La liste des courriels n’a pas pu être chargée. {loadError}</p>
          <button className="btn btn-secondary" type="button" onClick={load}>Réessayer</button>
        </div>
      ) : null}
      {!list && !loadError ? <p className="muted" role="status">Chargement des courriels…</p> : null}
      {list && list.mails.length === 0 ? <p className="queue-empty">Aucun courriel {status ? `«\u00a0${label}\u00a0»` : 'pour le moment'}.</p> : null}
      {list && list.mails.length > 0 ? (
        <div className="queue-wrap">
          <table className="queue-table mails-table">
            <caption className="visually-hidden">Courriels {status ? label : ''}, du plus récent au plus ancien</caption>
            <thead><tr><th scope="col">Objet</th><th scope="col">Destinataire</th><th scope="col">État</th><th scope="col">Écrit le</th></tr></thead>
            <tbody>
              {list.mails.map((m) => <MailRow key={m.id} m={m} onRetry={(x) => { setDone(''); setPending(x); }} />)}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/** /dashboard/mails: the outbox, for admins: what the site wrote to clients, and whether it left. */
export default function AdminMailsPage() {
  return (
    <StaffOnly roles={['admin']}>
      {() => (
        <>
          <header className="page-header desk-header">
            <div className="container">
              <p className="back-link"><Link to="/dashboard" viewTransition>← Tableau de bord</Link></p>
              <h1>Courriels</h1>
              <p>Les courriels que le site écrit aux clients, du plus récent au plus ancien. Un courriel en échec peut être renvoyé.</p>
            </div>
          </header>
          <section className="section container">
            <MailsList />
          </section>
        </>
      )}
    </StaffOnly>
  );
}
