import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { complaintBounds, textError } from '../complaints/complaint-form';
import { replyToComplaint, type ComplaintDetail } from '../complaints/complaints-api';
import { shownName } from '../../lib/names';
import { ApiError } from '../../lib/api';
import { company } from '../../lib/company';
import { formatDate, formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import type { DeskRequest, KindPanel, KindPanelProps } from './types';
import './complaint-panel.css';

/** The kind's data as the staff page hands it over, once checked. */
function complaintOf(detail: unknown): ComplaintDetail | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const d = 'complaint' in detail ? (detail as { complaint: unknown }).complaint : detail;
  return typeof d === 'object' && d !== null && typeof (d as ComplaintDetail).facts === 'string' ? (d as ComplaintDetail) : null;
}

/** "13 mars 2026 à 18:00", or a dash for a date that is not yet. */
function when(iso: string): string {
  return iso ? formatDateTime(iso) : '—';
}

/** What the complainant wrote and where the procedure stands. */
function Details({ detail }: KindPanelProps) {
  const c = complaintOf(detail);
  if (!c) return <p className="muted">Le détail de la réclamation n’a pas pu être lu.</p>;
  return (
    <dl className="complaint-facts">
      <div><dt>Objet</dt><dd>{c.subject}</dd></div>
      <div><dt>Contrat ou demande concerné</dt><dd>{c.concerns || 'Non précisé'}</dd></div>
      <div><dt>Faits</dt><dd className="complaint-text">{c.facts}</dd></div>
      <div><dt>Demande</dt><dd className="complaint-text">{c.demand}</dd></div>
      <div>
        <dt>Accusé de réception</dt>
        <dd>{c.acknowledgedAt ? `Envoyé le ${formatDateTime(c.acknowledgedAt)}` : `À envoyer avant le ${when(c.acknowledgeDueAt)}`}</dd>
      </div>
      <div>
        <dt>Réponse</dt>
        <dd>{c.answeredAt ? `Envoyée le ${formatDateTime(c.answeredAt)}` : `À envoyer avant le ${when(c.answerDueAt)}`}</dd>
      </div>
      <div><dt>Accord sur la conservation des données</dt><dd>{`Donné le ${when(c.consentAt)}`}</dd></div>
    </dl>
  );
}

/** The signature of the texts staff send. */
function signature(staffName: string): string {
  return `Cordialement,\n${staffName}\nService Réclamations – ${company.name}`;
}

/** The acknowledgement as pre-filled: the reference, the subject and the answer's date. */
export function acknowledgementTemplate(r: DeskRequest, c: ComplaintDetail, staffName: string): string {
  return [
    `Bonjour ${r.name},`,
    `Nous avons bien reçu le ${formatDate(r.createdAt)} votre réclamation ${r.ref} intitulée « ${c.subject} ». Elle est enregistrée et suivie par notre service Réclamations.`,
    `Nous l’étudions et vous apporterons une réponse écrite au plus tard le ${formatDate(c.answerDueAt)}. Si nous avons besoin de précisions, nous reviendrons vers vous.`,
    signature(staffName),
  ].join('\n\n').replace(/« /g, '«\u00a0').replace(/ »/g, '\u00a0»');
}

/** The answer as pre-filled: a greeting, room for the answer, the mediator's paragraph, the signature. */
export function answerTemplate(r: DeskRequest, c: ComplaintDetail, staffName: string): string {
  return [`Bonjour ${r.name},`, '', c.answerClosing, signature(staffName)].join('\n\n');
}

/** Where the complainant reads what staff send: their dashboard, or an e-mail staff write for a visitor. */
function reader(r: DeskRequest): string {
  return r.client
    ? 'Le client le lit dans son espace client.'
    : `Ce réclamant n’a pas de compte : envoyez-lui aussi ce texte par e-mail, à ${r.email}.`;
}

interface ReplyFormProps {
  id: string;
  step: 'acknowledge' | 'answer';
  label: string;
  hint: string;
  submit: string;
  template: string;
  onChange: () => void;
}

/** One text sent to the complainant: pre-filled, checked, then sent. */
function ReplyForm({ id, step, label, hint, submit, template, onChange }: ReplyFormProps) {
  const [text, setText] = useState(template);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fieldId = `reclamation-${step}`;

  async function send(e: FormEvent) {
    e.preventDefault();
    const found = step === 'answer' && text.trim() === template.trim()
      ? 'Écrivez votre réponse avant de l’envoyer.'
      : textError(text, complaintBounds.reply, 'Écrivez le texte envoyé au réclamant.', 'le texte');
    setError(found);
    if (found) return document.getElementById(fieldId)?.focus();
    setBusy(true);
    try {
      await replyToComplaint(id, step, text);
      onChange();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'L’envoi a échoué. Réessayez dans un instant.');
      document.getElementById(fieldId)?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="complaint-reply" onSubmit={send} noValidate>
      <Field id={fieldId} label={label} hint={hint} error={error}>
        {(ids) => <textarea {...ids} rows={12} maxLength={complaintBounds.reply.max} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Envoi…' : submit}</button>
    </form>
  );
}

/** The acknowledgement and the answer, for the agent who holds the complaint or an admin. */
function Actions({ request, detail, onChange }: KindPanelProps) {
  const user = useSession()?.user;
  const c = complaintOf(detail);
  if (!c || !user) return null;
  const staffName = shownName(user.displayName, user.email);
  const mayAct = user.role === 'admin' || request.assignee?.uid === user.uid;
  const open = request.status !== 'closed';
  const answered = request.status === 'answered';
  if (!open || answered) {
    return <p className="muted">{open ? 'La réponse a été envoyée. Pour répondre à nouveau, repassez la réclamation «\u00a0En cours d’instruction\u00a0».' : 'Cette réclamation est clôturée.'}</p>;
  }
  if (!mayAct) return <p className="muted">Prenez d’abord cette réclamation en charge pour lui répondre.</p>;
  return (
    <div className="complaint-actions">
      {c.acknowledgedAt ? null : (
        <ReplyForm
          id={request.id} step="acknowledge" label="Accusé de réception" submit="Envoyer l’accusé de réception" onChange={onChange}
          hint={reader(request)}
          template={acknowledgementTemplate(request, c, staffName)}
        />
      )}
      <ReplyForm
        id={request.id} step="answer" label="Réponse à la réclamation" submit="Envoyer la réponse" onChange={onChange}
        hint={`${c.acknowledgedAt ? '' : 'Envoyée avant l’accusé de réception, elle en tient lieu. '}Le paragraphe sur le médiateur est ajouté s’il en manque le nom ou les coordonnées. ${reader(request)}`}
        template={answerTemplate(request, c, staffName)}
      />
    </div>
  );
}

/** The complaint's parts of the staff request page. */
export const complaintPanel: KindPanel = { Details, Actions };
