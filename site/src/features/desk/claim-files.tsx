import { useId, useRef, useState, type FormEvent } from 'react';
import { fileProblem, fileSize } from '../../lib/upload-file';
import { typeset } from '../../lib/format';
import { addClaimFile, type ClaimFile, type StaffClaim } from './claim-api';
import { shortDateTime } from './dates';
import { useAction } from './use-action';

/** The address that downloads a file rather than opening it. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** One file: a thumbnail for a photo, its name to open it, its weight and date, and a download link. */
function FileItem({ f }: { f: ClaimFile }) {
  const image = f.mime.startsWith('image/');
  return (
    <li className={`claim-file${image ? ' claim-file-image' : ''}`}>
      <a className="claim-file-open" href={f.url} target="_blank" rel="noopener">
        {image
          ? <img className="claim-thumb" src={f.url} alt="" loading="lazy" decoding="async" width={160} height={120} />
          : <span className="claim-thumb claim-thumb-doc" aria-hidden="true">{f.mime === 'application/pdf' ? 'PDF' : 'Fichier'}</span>}
        <span className="claim-file-name">{f.name}</span>
        <span className="visually-hidden"> (ouvrir dans un nouvel onglet)</span>
      </a>
      <p className="claim-file-meta">
        {fileSize(f.size)} · <time dateTime={f.at}>{shortDateTime(f.at)}</time>
        {f.fromStaff ? <> · <span className="tag">Ajouté par le cabinet</span></> : null}
      </p>
      <a className="claim-file-download" href={downloadUrl(f.url)} download={f.name}>
        Télécharger<span className="visually-hidden"> {f.name}</span>
      </a>
    </li>
  );
}

/** A file staff attach: the insurer's letter, the expert's report… */
function UploadForm({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState('');
  const [action, run] = useAction(onChange);
  const error = problem ?? action.error;

  async function send(e: FormEvent) {
    e.preventDefault();
    const found = fileProblem(file);
    setProblem(found);
    setDone('');
    if (found || !file) return input.current?.focus();
    const name = file.name;
    if (await run(() => addClaimFile(claim.id, file))) {
      // A file chosen while this one left stays chosen.
      if (input.current?.files?.[0] === file || !input.current?.files?.length) {
        setFile(undefined);
        if (input.current) input.current.value = '';
      }
      setDone(`«\u00a0${name}\u00a0» est joint au dossier\u00a0: le client le voit dans «\u00a0Mes sinistres\u00a0».`);
    } else {
      input.current?.focus();
    }
  }

  return (
    <form className="claim-upload" onSubmit={(e) => void send(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-file`}>Joindre un document au dossier</label>
        <p id={`${id}-aide`} className="field-hint">{typeset('PDF, JPEG ou PNG, 10 Mo au plus : le courrier de l’assureur, le rapport d’expertise… Le client le verra.')}</p>
        <input
          ref={input} id={`${id}-file`} type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          onChange={(e) => { setFile(e.target.files?.[0]); setProblem(undefined); setDone(''); }}
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-aide ${id}-erreur` : `${id}-aide`}
        />
        {error ? <p id={`${id}-erreur`} className="field-error">{typeset(error)}</p> : null}
      </div>
      <button className="btn btn-secondary" type="submit" disabled={action.busy}>{action.busy ? 'Envoi…' : 'Joindre'}</button>
      {done ? <p className="claim-done" role="status">{done}</p> : null}
    </form>
  );
}

/** The photos and documents of the claim, newest last, and the upload of staff who work on it. */
export function ClaimFiles({ claim, onChange }: { claim: StaffClaim; onChange: () => void }) {
  const id = useId();
  const n = claim.files.length;
  return (
    <section className="desk-block claim-block" aria-labelledby={`${id}-titre`}>
      <h2 id={`${id}-titre`}>Photos et documents <span className="claim-count">({n})</span></h2>
      {n === 0 ? <p className="muted">Le client n’a joint aucun fichier pour l’instant.</p> : (
        <ul className="claim-files">{claim.files.map((f) => <FileItem key={f.id} f={f} />)}</ul>
      )}
      {claim.canWork && claim.actions.includes('file') ? <UploadForm claim={claim} onChange={onChange} /> : null}
    </section>
  );
}
