import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../../lib/api';
import { canSend, maxMessageLength, type ChatMessage } from '../../lib/chat';
import { typeset } from '../../lib/format';
import { sendReply } from './api';
import { CannedPicker } from './canned-picker';
import { useTypingSignal } from './use-typing-signal';
import type { Canned } from './types';

/**
 * The agent's reply: Entrée sends, Maj+Entrée goes to the line, 1 000
 * characters at most; a canned answer fills it. The text stays when the
 * sending fails, with the reason under it.
 */
export function Composer({ cid, canned, onSent, onRefused }: {
  cid: string; canned: Canned[]; onSent: (m: ChatMessage) => void;
  /** The server refused (the conversation changed hands or went back to the assistant): reload it. */
  onRefused: () => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { typed, stopped } = useTypingSignal(cid);
  const length = Array.from(text).length;
  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend(text, busy)) {
      if (text.trim() === '') setError('Écrivez votre réponse.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const m = await sendReply(cid, text.trim());
      setText('');
      stopped();
      onSent(m);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
      if (err instanceof ApiError && (err.status === 409 || err.status === 403)) onRefused();
    } finally {
      setBusy(false);
      area.current?.focus();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };
  const errorId = `${id}-erreur`;
  return (
    <form className="lc-composer" noValidate onSubmit={(e) => void send(e)}>
      <CannedPicker id={`${id}-type`} canned={canned} onPick={(t) => { setText(t); setError(''); area.current?.focus(); }} />
      <div className="field">
        <label htmlFor={`${id}-texte`}>Votre réponse</label>
        <p id={`${id}-aide`} className="field-hint">Entrée pour envoyer, Maj+Entrée pour aller à la ligne · {typeset(`${length} / 1 000`)}</p>
        <textarea ref={area} id={`${id}-texte`} rows={3} value={text} maxLength={maxMessageLength}
          aria-describedby={`${id}-aide${error ? ` ${errorId}` : ''}`} aria-invalid={error ? true : undefined}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
            if (e.target.value.trim() === '') stopped(); else typed();
          }} />
        {error ? <p id={errorId} className="field-error" role="alert">{typeset(error)}</p> : null}
      </div>
      <button className="btn btn-primary" type="submit" disabled={busy}>Envoyer</button>
    </form>
  );
}
