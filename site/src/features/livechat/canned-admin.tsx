import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { deleteCanned } from './api';
import { CannedForm } from './canned-form-view';
import { useCanned } from './use-canned';
import type { Canned } from './types';

/** « Supprimer la réponse type… ? »: Confirmer (focused) or Annuler. */
function ConfirmDelete({ c, busy, onConfirm, onCancel }: { c: Canned; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [c]);
  return (
    <div className="confirm" role="group" aria-labelledby={`suppr-${c.id}`}>
      <p id={`suppr-${c.id}`}>Supprimer la réponse type «&nbsp;{c.title}&nbsp;»&nbsp;? Les conseillers ne la verront plus.</p>
      <div className="confirm-actions">
        <button ref={ref} className="btn btn-primary" type="button" disabled={busy} onClick={onConfirm}>Confirmer</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>Annuler</button>
      </div>
    </div>
  );
}

/** The admin's canned answers: the list with « Modifier » and « Supprimer », and the form to add or change one. */
export function CannedAdmin() {
  const { canned, error, reload } = useCanned();
  const [editing, setEditing] = useState<Canned | null>(null);
  const [deleting, setDeleting] = useState<Canned | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const remove = async (c: Canned) => {
    setBusy(true);
    setActionError('');
    try {
      await deleteCanned(c.id);
      setNotice(`La réponse type «\u00a0${c.title}\u00a0» est supprimée.`);
      setDeleting(null);
      if (editing?.id === c.id) setEditing(null);
      reload();
    } catch (err) {
      setActionError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lc-canned-admin">
      <p className="notice-line" role="status">{notice}</p>
      <CannedForm key={editing?.id ?? 'nouvelle'} editing={editing}
        onSaved={(text) => { setNotice(text); setEditing(null); reload(); }} onCancel={() => setEditing(null)} />
      <section className="desk-section" aria-labelledby="reponses-titre">
        <h2 id="reponses-titre">Réponses types</h2>
        {error ? <p className="form-error" role="alert">Les réponses types n’ont pas pu être chargées. {error}</p> : null}
        {canned === null ? <p className="muted" role="status">Chargement des réponses types…</p> : null}
        {canned?.length === 0 && !error ? <p className="queue-empty">Aucune réponse type pour l’instant.</p> : null}
        {actionError ? <p className="form-error" role="alert">{actionError}</p> : null}
        {canned && canned.length > 0 ? (
          <ul className="lc-canned-list">
            {canned.map((c) => (
              <li key={c.id} className="card">
                <h3>{c.title}</h3>
                <p className="note-body">{c.text}</p>
                {deleting?.id === c.id ? (
                  <ConfirmDelete c={c} busy={busy} onConfirm={() => void remove(c)} onCancel={() => setDeleting(null)} />
                ) : (
                  <div className="side-actions">
                    <button className="btn btn-secondary btn-small" type="button" aria-label={`Modifier «\u00a0${c.title}\u00a0»`}
                      onClick={() => { setNotice(''); setEditing(c); }}>Modifier</button>
                    <button className="btn btn-secondary btn-small" type="button" aria-label={`Supprimer «\u00a0${c.title}\u00a0»`}
                      onClick={() => { setNotice(''); setDeleting(c); }}>Supprimer</button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
