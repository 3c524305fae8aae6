import { useRef } from 'react';
import { typeset } from '../../lib/format';
import { acceptedUploads, fileSize } from '../../lib/upload-file';
import { claimForm } from './claim-form';
import { pick, type PickedFile } from './uploads';

const stateText: Record<PickedFile['state'], string> = {
  waiting: 'À envoyer',
  sending: 'Envoi…',
  sent: 'Envoyé',
  refused: 'Refusé',
};

/** How far the sending is: « 2 fichiers envoyés sur 5 », a bar beside it. */
function Progress({ files }: { files: PickedFile[] }) {
  const going = files.filter((f) => !f.early);
  const total = going.length;
  const done = going.filter((f) => f.state === 'sent' || f.state === 'refused').length;
  const sending = files.some((f) => f.state === 'sending');
  if (!sending && !files.some((f) => f.state === 'sent')) return null;
  return (
    <div className="claim-progress">
      <progress max={total} value={done} aria-label="Envoi des fichiers" />
      <p role="status">{typeset(sending ? `Envoi en cours : ${done} sur ${total} fichiers traités.` : `Envoi terminé : ${done} sur ${total} fichiers traités.`)}</p>
    </div>
  );
}

/** Props of the choice of photos and documents. */
interface FilePickerProps {
  id: string;
  label: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** While sending, nothing may be added or taken out. */
  busy: boolean;
  /** How many more files the claim may take. */
  room?: number;
  /** Once everything went: the list alone, no more choice. */
  listOnly?: boolean;
}

/**
 * Several photos and documents chosen at once or one after the other,
 * listed before they go, each with its weight and its outcome; a file
 * the browser or the server refuses says why.
 */
export function FilePicker({ id, label, files, onChange, busy, room = claimForm.maxFiles, listOnly = false }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-aide`;
  return (
    <div className="claim-files-picker">
      {listOnly ? null : <div className="field">
        <label htmlFor={id}>{label}</label>
        <p id={hintId} className="field-hint">{typeset(`PDF, JPEG ou PNG, 10 Mo au plus chacun, ${room} fichiers au plus. Vous pouvez en choisir plusieurs à la fois.`)}</p>
        <input
          ref={input} id={id} type="file" multiple accept={acceptedUploads} aria-describedby={hintId} disabled={busy}
          onChange={(e) => {
            onChange(pick(files, Array.from(e.target.files ?? []), room));
            e.target.value = '';
          }}
        />
      </div>}
      {files.length > 0 ? (
        <ul className="claim-picked" aria-label="Fichiers choisis">
          {files.map((f) => (
            <li key={f.key} className={`claim-picked-${f.state}`}>
              <span className="claim-picked-name">{f.file.name}</span>
              <span className="muted">{fileSize(f.file.size)}</span>
              <span className="claim-picked-state">{stateText[f.state]}</span>
              {f.state === 'waiting' || (f.state === 'refused' && !busy) ? (
                <button
                  type="button" className="claim-link-button" disabled={busy}
                  onClick={() => {
                    onChange(files.filter((x) => x.key !== f.key));
                    input.current?.focus();
                  }}
                >
                  Retirer<span className="visually-hidden"> {f.file.name}</span>
                </button>
              ) : null}
              {f.state === 'refused' && f.message ? <p className="field-error">{typeset(f.message)}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Progress files={files} />
    </div>
  );
}
