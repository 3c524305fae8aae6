// The signature by a code sent by e-mail, as the contract and its
// amendments both ask it: the request of the code (a refusal to send
// again said with its wait), the field of the code, « Signer ».
import { useEffect, useState, type ReactNode } from 'react';
import { TextField } from '../../components/text-field';
import { ApiError } from '../../lib/api';
import { formatTime, typeset } from '../../lib/format';
import type { CodeSent } from './api';

/** Seconds left until iso, ticking while there are some. */
export function useSecondsUntil(iso: string | undefined): number {
  const left = () => (iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!iso) return undefined;
    const timer = window.setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [iso]);
  return seconds;
}

/** A code asked, or refused (429) with the wait the server gave. */
export interface CodeRequest {
  sent?: CodeSent;
  refused?: { message: string; until?: string };
  /** Seconds before a new code may be asked. */
  wait: number;
  refusedWait: number;
  /** Asks a code with send: true when it was sent; a refusal to send is kept, any other failure thrown. */
  request: (send: () => Promise<CodeSent>) => Promise<boolean>;
}

/** The state of the code's requests; a code sent before a reload (initial) still holds. */
export function useCodeRequest(initial?: CodeSent): CodeRequest {
  const [sent, setSent] = useState<CodeSent | undefined>(initial);
  const [refused, setRefused] = useState<{ message: string; until?: string }>();
  const wait = useSecondsUntil(sent?.resendAt);
  const refusedWait = useSecondsUntil(refused?.until);
  async function request(send: () => Promise<CodeSent>): Promise<boolean> {
    setRefused(undefined);
    try {
      setSent(await send());
      window.setTimeout(() => document.getElementById('code-signature')?.focus(), 0);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        setRefused({ message: err.message, until: err.retryAfter ? new Date(Date.now() + err.retryAfter * 1000).toISOString() : undefined });
        return false;
      }
      throw err;
    }
  }
  return { sent, refused, wait, refusedWait, request };
}

/** Props of the code's section. */
export interface SignatureCodeProps {
  /** What typing the code signs. */
  intro: ReactNode;
  codes: CodeRequest;
  code: string;
  onCode: (code: string) => void;
  error?: string;
  busy?: 'code' | 'sign';
  onAsk: () => void;
}

/**
 * The code's section of a signature form (whose submit signs): the code
 * asked, its field once sent, « Signer », « Recevoir un nouveau code »
 * after a minute.
 */
export function SignatureCode({ intro, codes, code, onCode, error, busy, onAsk }: SignatureCodeProps) {
  const { sent, refused, wait, refusedWait } = codes;
  return (
    <section className="contract-code" aria-labelledby="code-titre">
      <h2 id="code-titre">Votre code de signature</h2>
      <p>{intro}</p>
      {sent ? (
        <>
          <p className="notice-success" role="status">
            {typeset(`Code demandé à ${formatTime(sent.sentAt)} pour ${sent.sentTo} : il arrive par e-mail et vaut jusqu’à ${formatTime(sent.expiresAt)}.`)}
          </p>
          <TextField
            id="code-signature" label="Code reçu par e-mail" inputMode="numeric" autoComplete="one-time-code" className="input-short"
            maxLength={6} value={code} onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))} error={error}
          />
        </>
      ) : null}
      <div className="contract-actions">
        {sent ? <button className="btn btn-primary" type="submit" disabled={busy !== undefined}>{busy === 'sign' ? 'Signature…' : 'Signer'}</button> : null}
        <button className={sent ? 'btn btn-secondary' : 'btn btn-primary'} type="button" onClick={onAsk} disabled={busy !== undefined || wait > 0 || refusedWait > 0}>
          {busy === 'code' ? 'Envoi du code…' : sent ? 'Recevoir un nouveau code' : 'Recevoir mon code'}
        </button>
      </div>
      {refused ? (
        <p className="form-error" role="alert">
          {refused.message}
          {refusedWait > 0 ? typeset(` Nouvelle demande possible dans ${refusedWait} s.`) : null}
        </p>
      ) : null}
      {sent && wait > 0 && !refused ? <p className="muted" aria-live="off">{typeset(`Un nouveau code peut être demandé dans ${wait} s.`)}</p> : null}
    </section>
  );
}
