import { formatDate, typeset } from '../../lib/format';
import { formatEuros } from '../quotes/quotes';
import type { Payment } from './api';

/**
 * Every debit of the contract with where it stands: « Prévu »,
 * « Envoyé », « Payé », « Rejeté » (with the bank's reason) or
 * « Régularisé ». The caption says which years the table covers.
 */
export function PaymentsTable({ payments, caption }: { payments: Payment[]; caption: string }) {
  return (
    <div className="contract-table-scroll">
      <table className="contract-schedule contract-payments">
        <caption>{caption}</caption>
        <thead>
          <tr><th scope="col">Date</th><th scope="col">Montant</th><th scope="col">État</th></tr>
        </thead>
        <tbody>
          {payments.map((p, i) => (
            <tr key={p.seq ?? `${p.dueDate}-${i}`} className={`contract-payment-${p.status}`}>
              <td>
                <time dateTime={p.dueDate}>{formatDate(p.dueDate)}</time>
                {p.represents ? <> <span className="payment-reason">{representsText(payments, p.represents)}</span></> : null}
              </td>
              <td className="num">{formatEuros(p.amountCents)}</td>
              <td>
                <span className={`payment-status payment-status-${p.status}`}>{p.statusLabel}</span>
                {p.status === 'rejected' && p.reasonLabel ? <> <span className="payment-reason">{typeset(p.reasonLabel)}</span></> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** « Nouvelle présentation du prélèvement du 8 janvier 2027 », or of its number when it is not listed. */
export function representsText(payments: Payment[], seq: number): string {
  const first = payments.find((p) => p.seq === seq);
  return first ? `Nouvelle présentation du prélèvement du ${formatDate(first.dueDate)}` : `Nouvelle présentation du prélèvement n°\u00a0${seq}`;
}

/** The caption of the payments: the first year alone until the contract renews. */
export function paymentsCaption(startDate: string, periodStart?: string): string {
  return !periodStart || periodStart === startDate ? 'Échéancier de la première année' : `Échéancier depuis le ${formatDate(startDate)}`;
}
