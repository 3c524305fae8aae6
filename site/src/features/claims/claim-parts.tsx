import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime, typeset } from '../../lib/format';
import { downloadUrl } from '../contracts/api';
import { sendClaimMessage, uploadClaimFile, type Claim, type ClaimFile } from './api';
import { claimForm } from './claim-form';
import { FilePicker } from './file-picker';
import { sendAll, type PickedFile } from './uploads';
import { fileSize } from '../../lib/upload-file';

/** The status as a badge, its colour by status. */
export function ClaimStatusBadge({ claim }: { claim: Pick<Claim, 'status' | 'statusLabel'> }) {
  return (
    <p className={`claim-status claim-status-${claim.status}`}>
      <span className="visually-hidden">Statut&nbsp;: </span>
      {claim.statusLabel}
    </p>
  );
}

/** The last day the law gives to declare, with its rule; « Déclaré hors délai » when it passed. */
export function DeclareDelay({ claim, short = false }: { claim: Claim; short?: boolean }) {
  return (
    <div className="claim-delay-box">
      <p>
        <strong>Délai légal de déclaration&nbsp;:</strong>{' '}
        {claim.declareBy ? <>jusqu’au <time dateTime={claim.declareBy}>{formatDate(claim.declareBy)}</time></> : null}
        {claim.declareBy && !short ? <span className="muted">, soit {typeset(claim.declareRule)}.</span> : null}
        {claim.declareBy ? null : <>{typeset(claim.declareRule)}.</>}
      </p>
      {claim.late ? (
        <p className="claim-late">
          <strong>Déclaré hors délai.</strong>
          {short ? null : <> {typeset('L’assureur ne peut refuser de vous indemniser pour ce motif que si le retard lui a causé un préjudice (article L113-2 du code des assurances).')}</>}
        </p>
      ) : null}
    </div>
  );
}

/** The steps of the claim, oldest first, as a timeline. */
export function Timeline({ claim }: { claim: Claim }) {
  if (claim.history.length === 0) return null;
  return (
    <ol className="claim-timeline">
      {claim.history.map((h, i) => (
        <li key={i} className={`claim-step claim-step-${h.status}`}>
          <p className="claim-step-label">{h.label}</p>
          <time dateTime={h.at} className="muted">{formatDateTime(h.at)}</time>
          {h.text ? <p>{typeset(h.text)}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** A file: a thumbnail for a photo, a link that opens it, another that downloads it. */
function FileItem({ f }: { f: ClaimFile }) {
  const image = f.mime === 'image/jpeg' || f.mime === 'image/png';
  return (
    <li className="claim-file">
      {image ? <img src={f.url} alt="" width={64} height={64} loading="lazy" /> : <span className="claim-file-icon" aria-hidden="true">PDF</span>}
      <span className="claim-file-text">
        <a href={f.url} target="_blank" rel="noopener">{f.name}<span className="visually-hidden"> (nouvel onglet)</span></a>
        <span className="muted">
          {fileSize(f.size)}, {f.fromStaff ? 'ajouté par le cabinet' : 'envoyé'} le <time dateTime={f.at}>{formatDateTime(f.at)}</time>
        </span>
      </span>
      <a className="claim-file-download" href={downloadUrl(f.url)} download>
        Télécharger<span className="visually-hidden"> {f.name}</span>
      </a>
    </li>
  );
}

/** The files of the claim, the client's and the broker's. */
export function FileList({ files }: { files: ClaimFile[] }) {
  if (files.length === 0) return <p className="muted">Aucun fichier pour l’instant.</p>;
  return <ul className="claim-file-list">{files.map((f) => <FileItem key={f.id} f={f} />)}</ul>;
}

/** Photos and documents to add to the claim: chosen, listed, then sent one by one. */
export function AddFiles({ claim, id, label, onChange }: { claim: Claim; id: string; label: string; onChange: (c: Claim, sent: number) => void }) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const waiting = files.filter((f) => f.state === 'waiting').length;

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (waiting === 0) {
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    let sent = 0;
    const last = await sendAll(files, (f) => uploadClaimFile(claim.id, f), (key, change) => {
      if (change.state === 'sent') sent++;
      setFiles((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));
    });
    setBusy(false);
    // The files that went leave the list (the claim's list shows them); the refused ones stay with their reason.
    setFiles((all) => all.filter((p) => p.state !== 'sent'));
    if (last) onChange(last, sent);
  }

  return (
    <form className="claim-add-files" onSubmit={(e) => void send(e)} noValidate>
      <FilePicker id={id} label={label} files={files} onChange={setFiles} busy={busy} room={Math.max(0, claimForm.maxFiles - claim.files.length)} />
      <button className="btn btn-secondary" type="submit" disabled={busy}>
        {busy ? 'Envoi…' : waiting > 1 ? `Envoyer les ${waiting}\u00a0fichiers` : 'Envoyer'}
      </button>
    </form>
  );
}

/** The thread with the broker, oldest first, and the form to write. */
export function Thread({ claim, onChange }: { claim: Claim; onChange: (c: Claim) => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { max } = claimForm.bounds.message;

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (body.trim() === '') {
      setError('Écrivez votre message.');
      document.getElementById('sinistre-message')?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    const sent = body;
    try {
      onChange(await sendClaimMessage(claim.id, sent));
      // What was typed while it left stays.
      setBody((now) => (now === sent ? '' : now));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Votre message n’a pas pu être envoyé. Réessayez.');
      document.getElementById('sinistre-message')?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {claim.messages.length === 0 ? <p className="muted">Pas encore de message. Une question sur votre dossier&nbsp;? Écrivez-nous.</p> : (
        <ol className="claim-thread">
          {claim.messages.map((m) => (
            <li key={m.id} className={m.fromClient ? 'claim-message claim-message-mine' : 'claim-message'}>
              <p className="claim-message-head">
                <strong>{m.fromClient ? 'Vous' : m.authorName}</strong> <time dateTime={m.at} className="muted">{formatDateTime(m.at)}</time>
              </p>
              <p className="claim-message-body">{typeset(m.body)}</p>
            </li>
          ))}
        </ol>
      )}
      {claim.actions.includes('message') ? (
        <form className="claim-write" onSubmit={(e) => void send(e)} noValidate>
          <Field id="sinistre-message" label="Votre message" error={error}>
            {(ids) => <textarea {...ids} rows={4} maxLength={max} value={body} onChange={(e) => setBody(e.target.value)} />}
          </Field>
          <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Envoi…' : 'Envoyer le message'}</button>
        </form>
      ) : null}
    </>
  );
}
