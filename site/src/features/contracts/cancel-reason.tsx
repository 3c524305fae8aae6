import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { formatDate, typeset } from '../../lib/format';
import { previewCancellation, type CancelPreview, type CancelReason, type Contract } from './api';
import { hamonProducts } from './details';
import { reasonHints, reasonLabels } from './reasons';

/** The preview of the date: waiting, refused with the reason, or the date and its rule. */
export type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; field?: string; message: string } | { status: 'ready'; preview: CancelPreview; text: string };

/** The date a cancellation would take effect, asked again when the reason (or the text, once left) changes. */
export function usePreview(contract: Contract, reason: CancelReason | undefined, text: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  useEffect(() => {
    if (!reason || (reason === 'other' && !text.trim())) {
      setState({ status: 'idle' });
      return undefined;
    }
    let live = true;
    setState({ status: 'loading' });
    previewCancellation(contract.id, reason, text.trim())
      .then((preview) => live && setState({ status: 'ready', preview, text: reason === 'other' ? text : '' }))
      .catch((err: unknown) => live && setState({
        status: 'failed', field: err instanceof ApiError ? err.field : undefined,
        message: err instanceof ApiError ? err.message : 'La date de fin n’a pas pu être calculée. Réessayez.',
      }));
    return () => {
      live = false;
    };
  }, [contract.id, reason, text]);
  return state;
}

interface CancelReasonFieldsProps {
  contract: Contract;
  reason: CancelReason | undefined;
  text: string;
  error?: string;
  textError?: string;
  onReason: (r: CancelReason) => void;
  onText: (t: string) => void;
  /** Called when the text is left: the preview is asked with it. */
  onTextDone: () => void;
}

/** The three reasons, the text of the other one, each with what it means. */
export function CancelReasonFields({ contract, reason, text, error, textError, onReason, onText, onTextDone }: CancelReasonFieldsProps) {
  const reasons: CancelReason[] = hamonProducts.has(contract.product) ? ['term', 'hamon', 'other'] : ['term', 'other'];
  return (
    <fieldset className="contract-fieldset" aria-describedby={error ? 'motif-erreur' : undefined}>
      <legend>Le motif de votre résiliation</legend>
      {reasons.map((r) => (
        <div key={r} className="field-radio field-radio-hint">
          <input id={`motif-${r}`} type="radio" name="motif" checked={reason === r} onChange={() => onReason(r)} aria-describedby={`motif-${r}-aide`} />
          <label htmlFor={`motif-${r}`}>{reasonLabels[r]}</label>
          <p id={`motif-${r}-aide`} className="field-hint">{typeset(reasonHints[r])}</p>
        </div>
      ))}
      {reason === 'other' ? (
        <div className="field">
          <label htmlFor="motif-texte">Votre motif</label>
          <textarea
            id="motif-texte" rows={4} maxLength={1000} value={text} onChange={(e) => onText(e.target.value)} onBlur={onTextDone}
            aria-invalid={textError ? true : undefined} aria-describedby={textError ? 'motif-texte-erreur' : undefined}
          />
          {textError ? <p id="motif-texte-erreur" className="field-error">{textError}</p> : null}
        </div>
      ) : null}
      {error ? <p id="motif-erreur" className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** The effective date and the rule that gives it. */
export function PreviewBox({ state }: { state: PreviewState }) {
  return (
    <div className="contract-preview" role="status">
      {state.status === 'loading' ? <p className="muted">Calcul de la date de fin…</p> : null}
      {state.status === 'ready' ? (
        <>
          <p>Votre contrat prendrait fin le <strong>{formatDate(state.preview.date)}</strong>.</p>
          <p className="muted">{typeset(state.preview.rule)}</p>
        </>
      ) : null}
    </div>
  );
}
