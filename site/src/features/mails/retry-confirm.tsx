import { useEffect, useRef } from 'react';
import type { OutboxMail } from './api';

/** The question before « Renvoyer », then « Confirmer » (focused) or « Annuler ». */
export function RetryConfirm({ mail, busy, onConfirm, onCancel }: { mail: OutboxMail; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), [mail.id]);
  return (
    <div className="confirm" role="group" aria-labelledby="retry-question">
      <p id="retry-question">
        Renvoyer le courriel n°{'\u00a0'}{mail.id} «{'\u00a0'}{mail.subject}{'\u00a0'}» à {mail.to}{'\u00a0'}? Il repart aussitôt, avec de nouveau 48{'\u00a0'}heures d’essais.
      </p>
      <div className="confirm-actions">
        <button ref={ref} className="btn btn-primary" type="button" disabled={busy} onClick={onConfirm}>Confirmer</button>
        <button className="btn btn-secondary" type="button" disabled={busy} onClick={onCancel}>Annuler</button>
      </div>
    </div>
  );
}
