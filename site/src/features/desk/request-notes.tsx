import { useId, useState } from 'react';
import { typeset } from '../../lib/format';
import { addNote } from './api';
import { shortDateTime } from './dates';
import { useAction } from './use-action';
import type { DeskNote } from './types';

/** The internal notes of a request and the form to add one; the client never reads them. */
export function RequestNotes({ id, notes, canAdd, onChange }: { id: string; notes: DeskNote[]; canAdd: boolean; onChange: () => void }) {
  const uid = useId();
  const [body, setBody] = useState('');
  const [action, run] = useAction(onChange);
  // An empty note is refused here, where the server would refuse it too, without a round trip.
  const [empty, setEmpty] = useState(false);
  const error = empty ? 'Écrivez la note.' : action.error;
  const errorId = `${uid}-erreur`;
  return (
    <section className="desk-block" aria-labelledby={`${uid}-titre`}>
      <h2 id={`${uid}-titre`}>Notes internes</h2>
      <p className="muted block-lead">Visibles des conseillers et des administrateurs seulement.</p>
      {notes.length === 0 ? <p className="muted">Aucune note pour l’instant.</p> : (
        <ol className="note-list">
          {notes.map((n) => (
            <li key={n.id} className="note">
              <p className="note-meta"><strong>{n.authorName || 'Conseiller'}</strong> · <time dateTime={n.at}>{shortDateTime(n.at)}</time></p>
              <p className="note-body">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canAdd ? (
        <form className="note-form" noValidate onSubmit={(e) => {
          e.preventDefault();
          setEmpty(body.trim() === '');
          if (body.trim() === '') return;
          const sent = body;
          // What was typed while it left stays.
          void run(() => addNote(id, sent)).then((ok) => { if (ok) setBody((now) => (now === sent ? '' : now)); });
        }}>
          <div className="field">
            <label htmlFor={`${uid}-note`}>Nouvelle note</label>
            <textarea id={`${uid}-note`} rows={3} value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)}
              aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
            {error ? <p id={errorId} className="field-error" role="alert">{typeset(error)}</p> : null}
          </div>
          <button className="btn btn-secondary" type="submit" disabled={action.busy}>Ajouter la note</button>
        </form>
      ) : null}
    </section>
  );
}
