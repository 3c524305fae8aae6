import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../../lib/api';
import { canSend, maxMessageLength, type ChatMessage } from '../chat/chat';
import { typeset } from '../../lib/format';
import { sendReply } from './api';
import { CannedPicker } from './canned-picker';
import { useTypingSignal } from './use-typing-signal';
import type { Canned } from './types';

/**
 * The agent's reply: Entrée sends, Maj+Entrée goes to the line, 1 000
 * characters at most; a canned answer fills it. The field empties as soon
 * as a reply leaves, so the agent can write the next one at once: replies
 * go to the server one after the other, in the order written. A reply the
 * server refuses comes back into the field, with the reason under it.
 */
export function Composer({ cid, canned, onSent, onRefused }: {
  cid: string; canned: Canned[]; onSent: (m: ChatMessage) => void;
  /** The server refused (the conversation changed hands or went back to the assistant): reload it. */
  onRefused: () => void;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  // Replies leave one after the other, so that the second never overtakes the first.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // The replies written and not yet accepted, oldest first.
  const waiting = useRef<{ text: string }[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const { typed, stopped } = useTypingSignal(cid);
  const length = Array.from(text).length;
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend(text, false)) {
      setError(text.trim() === '' ? 'Écrivez votre réponse.' : 'Votre réponse dépasse 1 000 caractères.');
      return;
    }
    const reply = text.trim();
    setText('');
    setError('');
    stopped();
    area.current?.focus();
    const job = { text: reply };
    waiting.current.push(job);
    queue.current = queue.current.then(async () => {
      if (!waiting.current.includes(job)) return; // given back with an earlier refusal
      try {
        const m = await sendReply(cid, job.text);
        waiting.current.shift();
        onSent(m);
      } catch (err) {
        // This reply and those written after it come back, in order, before what was typed since.
        const back = waiting.current.map((j) => j.text).join('\n');
        waiting.current = [];
        setText((now) => (now.trim() === '' ? back : `${back}\n${now}`));
        setError(err instanceof ApiError ? err.message : 'Erreur inattendue.');
        if (err instanceof ApiError && (err.status === 409 || err.status === 403)) onRefused();
      }
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };
  const errorId = `${id}-erreur`;
  return (
    <form className="lc-composer" noValidate onSubmit={send}>
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
      <button className="btn btn-primary" type="submit">Envoyer</button>
    </form>
  );
}
