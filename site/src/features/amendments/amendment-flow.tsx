import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, typeset } from '../../lib/format';
import type { Amendment, AmendedContract } from './api';
import { AmendmentSignature } from './amendment-signature';
import { ChangeForm } from './change-form';
import { AmendmentDone } from './new-documents';
import { adjustmentText, PriceOfChange } from './price-of-change';
import { useRatedProduct } from './use-rated-product';

/** The four steps of a change, as the page's header shows them. */
export const amendmentSteps = ['Le changement', 'Son prix', 'La signature', 'Vos documents'];

/** Where the client is: choosing, reading the price and signing, or done. */
export type FlowStep = { step: 'change' } | { step: 'price'; amendment: Amendment; signing?: boolean } | { step: 'done'; amendment: Amendment };

/** The number of the step in amendmentSteps (the price and its signature share a screen: 2 until the code is asked, then 3). */
export function stepNumber(s: FlowStep): number {
  if (s.step === 'change') return 1;
  if (s.step === 'price') return s.signing ? 3 : 2;
  return 4;
}

/** The contract's amendments waiting for a signature (an advisor's, or the client's own priced earlier), newest first. */
export function draftsOf(c: AmendedContract): Amendment[] {
  return (c.amendments ?? []).filter((a) => a.status === 'draft');
}

/** The changes waiting for a signature, each opened to read its price and sign. */
function Drafts({ drafts, onOpen }: { drafts: Amendment[]; onOpen: (a: Amendment) => void }) {
  return (
    <section className="card contract-section" aria-labelledby="a-signer-titre">
      <h2 id="a-signer-titre">Changements à signer</h2>
      <ul className="amendment-drafts">
        {drafts.map((a) => (
          <li key={a.id}>
            <p>
              <strong>{a.kindLabel}</strong>
              {typeset(`, à partir du ${formatDate(a.effectiveDate)} : ${adjustmentText(a.adjustmentCents).toLowerCase()}.`)}
              {a.createdByStaff ? <span className="muted">{typeset(' Préparé par un conseiller.')}</span> : null}
            </p>
            <button type="button" className="btn btn-primary" onClick={() => onOpen(a)}>
              Vérifier et signer<span className="visually-hidden">&nbsp;: {a.kindLabel}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A change of a contract from the choice to the new documents: the
 * change and its date, its price (nothing signed yet), the signature by
 * code, the documents issued. A change waiting for a signature (one an
 * advisor prepared) is offered first; `open` names one to open at once.
 */
export function AmendmentFlow({ contract, today, open, onStep, onContract }: {
  contract: AmendedContract; today: string; open?: string; onStep: (s: FlowStep) => void; onContract: (c: AmendedContract) => void;
}) {
  const rated = useRatedProduct(contract.product);
  const drafts = draftsOf(contract);
  const [flow, setFlow] = useState<FlowStep>(() => {
    const a = open ? drafts.find((d) => d.id === open) : undefined;
    return a ? { step: 'price', amendment: a } : { step: 'change' };
  });
  const priceRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    onStep(flow);
  }, [flow]); // eslint-disable-line react-hooks/exhaustive-deps
  // The price takes the focus when it is shown, not when its code is asked.
  const shown = flow.step === 'price' ? flow.amendment.id : '';
  useEffect(() => {
    if (shown) priceRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [shown]);
  const here = `/mes-contrats/${encodeURIComponent(contract.id)}`;

  if (flow.step === 'done') return <AmendmentDone contract={contract} amendment={flow.amendment} onAgain={() => setFlow({ step: 'change' })} />;
  if (flow.step === 'price') {
    const a = flow.amendment;
    return (
      <div className="amendment-page" ref={priceRef}>
        <PriceOfChange amendment={a} contract={contract} />
        <div className="card contract-section">
          <AmendmentSignature
            contract={contract} amendment={a}
            onCodeSent={() => setFlow({ step: 'price', amendment: a, signing: true })}
            onSigned={(c) => {
              const signed = (c.amendments ?? []).find((x) => x.id === a.id) ?? { ...a, status: 'signed' as const, signedAt: new Date().toISOString() };
              onContract(c);
              setFlow({ step: 'done', amendment: signed });
            }}
          />
        </div>
        <div className="contract-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setFlow({ step: 'change' })}>Changer autre chose</button>
          <Link to={here}>Revenir à mon contrat sans signer</Link>
        </div>
        <p className="muted">{typeset('Un changement que l’assureur ne peut pas accepter en ligne ? Un conseiller vous répond : appelez-nous ou écrivez-nous depuis la page Contact.')}</p>
      </div>
    );
  }
  return (
    <div className="amendment-page">
      {drafts.length > 0 ? <Drafts drafts={drafts} onOpen={(a) => setFlow({ step: 'price', amendment: a })} /> : null}
      <section className="card contract-section">
        <ChangeForm contract={contract} rated={rated} today={today} onPriced={(a) => setFlow({ step: 'price', amendment: a })} />
      </section>
      <p><Link to={here}>Revenir à mon contrat</Link></p>
    </div>
  );
}
