import { company, fullAddress } from '../../lib/company';
import { formatDate } from '../../lib/format';
import { formatEuros } from '../../lib/format';
import type { Needs, Price, PriceQuote } from './api';
import { priceProduct, type PriceProduct } from './rates';

const existingCovers = { none: 'Pas de contrat en cours pour ce risque', elsewhere: 'Déjà assuré ailleurs\u00a0: changement d’assureur' };

/** The needs as the client gave them, in words. */
export function needsLines(product: PriceProduct, needs: Needs): { term: string; detail: string }[] {
  const covers = needs.covers.map((id) => product.needs.covers.find((c) => c.id === id)?.label ?? id);
  const budget = needs.budgetMonthlyCents ? `${formatEuros(needs.budgetMonthlyCents)} par mois`
    : needs.budgetCents ? `${formatEuros(needs.budgetCents)} pour toute la période` : 'Non indiqué';
  const deductible = product.needs.deductibles.find((d) => d.id === needs.deductible)?.label ?? 'Non indiquée';
  return [
    { term: 'Ce qui doit être couvert', detail: covers.length ? covers.join('\u00a0; ') : 'La garantie obligatoire seulement' },
    { term: 'Budget', detail: budget },
    { term: 'Franchise acceptée', detail: deductible },
    { term: 'Contrat en cours', detail: needs.existingCover ? existingCovers[needs.existingCover] : 'Non indiqué' },
  ];
}

function mainDeductible(p: Price): string {
  const main = p.deductibles.find((d) => d.main) ?? p.deductibles[0];
  return main ? formatEuros(main.cents) : p.deductibleCents > 0 ? formatEuros(p.deductibleCents) : 'Aucune';
}

interface AdviceSheetProps {
  quote: PriceQuote;
  needs?: Needs;
  subject?: string;
  chosen?: string;
  /** The day of the sheet, ISO: the day the prices were made or kept. */
  date: string;
}

/**
 * The « Fiche d’information et de conseil » (Code des assurances, L521-4):
 * the broker, the needs as the client gave them, the advice and its
 * reason, the formulas compared. Shown only when printed.
 */
export function AdviceSheet({ quote, needs, subject, chosen, date }: AdviceSheetProps) {
  const product = priceProduct(quote.product);
  const chosenPrice = quote.prices.find((p) => p.id === chosen);
  return (
    <section className="advice-sheet print-only" aria-labelledby="fiche-conseil">
      <h2 id="fiche-conseil">Fiche d’information et de conseil</h2>
      <p>{product.label}{subject ? ` · ${subject}` : ''} · établie le {formatDate(date)}</p>
      <h3>Votre courtier</h3>
      <p>
        {company.fullName}, {fullAddress}. {company.oriasCategory}, immatriculé à l’ORIAS sous le n°&nbsp;{company.orias} (www.orias.fr).
        Sous le contrôle de l’{company.supervisor.name}, {company.supervisor.address}. Téléphone&nbsp;: {company.phone}, e-mail&nbsp;: {company.email}.
      </p>
      {needs ? (
        <>
          <h3>Vos exigences et besoins</h3>
          <dl className="advice-needs">
            {needsLines(product, needs).map((l) => (
              <div key={l.term}><dt>{l.term}</dt><dd>{l.detail}</dd></div>
            ))}
          </dl>
        </>
      ) : null}
      {quote.recommended ? (
        <>
          <h3>Notre conseil</h3>
          <p>{quote.recommended.reason}</p>
        </>
      ) : null}
      {chosenPrice ? <p>Votre choix&nbsp;: {chosenPrice.formula} chez {chosenPrice.insurer}.</p> : null}
      <h3>Les formules comparées</h3>
      <table className="advice-table">
        <thead>
          <tr><th scope="col">Assureur et formule</th><th scope="col">Prix TTC</th><th scope="col">Franchise principale</th><th scope="col">Garanties</th></tr>
        </thead>
        <tbody>
          {quote.prices.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.insurer}, {p.formula}{quote.recommended?.id === p.id ? ' (recommandé)' : ''}</th>
              <td>{p.monthlyCents > 0 ? `${formatEuros(p.yearlyCents)} par an ou ${formatEuros(p.monthlyCents)} par mois` : `${formatEuros(p.yearlyCents)} pour ${p.periodDays}\u00a0jours`}, dont {formatEuros(p.taxesCents)} de taxes</td>
              <td>{mainDeductible(p)}</td>
              <td>{p.guarantees.join('\u00a0; ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Prix valables jusqu’au {formatDate(quote.validUntil)} (tarif {quote.tariffVersion}). {quote.disclaimer}</p>
      {quote.notes?.map((n) => <p key={n}>{n}</p>)}
      <p>Le document d’information normalisé (IPID) de chaque formule est consultable sur notre site. Les assureurs partenaires présentés sont fictifs, comme le courtier.</p>
    </section>
  );
}
