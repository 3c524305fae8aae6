import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { formatDate, typeset } from '../lib/format';
import { formatPhone } from '../features/quotes/quotes';
import { PriceSteps } from '../features/prices/price-steps';
import type { Contract } from '../features/contracts/api';
import { addressText, ContractDocuments, offerText, premiumText, vehicleText } from '../features/contracts/contract-parts';
import { RepricingNotice } from '../features/contracts/repricing-notice';
import { SignatureForm } from '../features/contracts/signature-form';
import { subscriptionSteps } from '../features/contracts/subscription-form';
import { useContract } from '../features/contracts/use-contract';
import { ContractLoad } from '../features/contracts/contract-load';
import '../features/prices/prices.css';
import '../features/contracts/contracts.css';

/** What the client signs: the offer, the start, the price, the holder and the vehicle. */
function Summary({ contract }: { contract: Contract }) {
  const vehicle = vehicleText(contract);
  const h = contract.holder;
  return (
    <section className="card contract-offer" aria-labelledby="recapitulatif">
      <h2 id="recapitulatif">Récapitulatif</h2>
      <dl className="contract-facts">
        <div><dt>Contrat</dt><dd>n°&nbsp;{contract.number}</dd></div>
        <div><dt>Offre</dt><dd>{contract.productLabel}, {offerText(contract)}</dd></div>
        <div><dt>Début</dt><dd>{formatDate(contract.startDate)}</dd></div>
        <div><dt>Prix</dt><dd>{premiumText(contract)}</dd></div>
        <div><dt>Souscripteur</dt><dd>{h.name}, {addressText(h)}</dd></div>
        {contract.policyholder.birthDate ? <div><dt>Né(e) le</dt><dd>{formatDate(contract.policyholder.birthDate)}</dd></div> : null}
        {contract.policyholder.phone ? <div><dt>Téléphone</dt><dd>{formatPhone(contract.policyholder.phone)}</dd></div> : null}
        {vehicle ? <div><dt>Véhicule</dt><dd>{vehicle}</dd></div> : null}
        {contract.switch ? <div><dt>Loi Hamon</dt><dd>{typeset(`Nous résilions votre contrat n°\u00a0${contract.switch.policyNumber} chez ${contract.switch.insurer}.`)}</dd></div> : null}
      </dl>
      {contract.source === 'price' ? (
        <p><Link to={`/souscrire?prix=${encodeURIComponent(contract.sourceId)}`}>Modifier ces informations</Link></p>
      ) : null}
    </section>
  );
}

/** After the signature: the number, the status, what to do next, the documents. */
function Signed({ contract, fresh }: { contract: Contract; fresh: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (fresh) heading.current?.focus();
  }, [fresh]);
  const toSend = contract.proofs.filter((p) => p.status === 'missing' || p.status === 'refused');
  const here = `/mes-contrats/${encodeURIComponent(contract.id)}`;
  return (
    <section className="card contract-done" aria-labelledby="contrat-signe">
      <h2 id="contrat-signe" ref={heading} tabIndex={-1}>Votre contrat est signé</h2>
      <p className="contract-done-number">Contrat n°&nbsp;<strong>{contract.number}</strong> · {contract.statusLabel}</p>
      <p>{typeset(`${contract.productLabel}, ${offerText(contract)}, à partir du ${formatDate(contract.startDate)}. Un e-mail vous confirme la signature.`)}</p>
      {contract.provisionalUntil ? (
        <p>{typeset(`Vous êtes couvert provisoirement jusqu’au ${formatDate(contract.provisionalUntil)}, le temps de vérifier vos justificatifs.`)}</p>
      ) : null}
      {toSend.length > 0 ? (
        <>
          <h3>À faire maintenant&nbsp;: envoyer vos justificatifs</h3>
          <ul>{toSend.map((p) => <li key={p.kind}>{p.label}</li>)}</ul>
          <p><Link className="btn btn-primary" to={`${here}#justificatifs`}>Envoyer mes justificatifs</Link></p>
        </>
      ) : null}
      {contract.withdrawUntil ? (
        <p className="muted">{typeset(`Vous pouvez renoncer à ce contrat jusqu’au ${formatDate(contract.withdrawUntil)} (14 jours), depuis la page du contrat.`)}</p>
      ) : null}
      <h3>Vos documents</h3>
      <ContractDocuments documents={contract.documents.filter((d) => d.signed || (contract.signedAt !== undefined && Date.parse(d.issuedAt) >= Date.parse(contract.signedAt)))} signedAt={contract.signedAt} headingLevel={2} />
      <p><Link to={here}>Voir mon contrat</Link> · <Link to="/mes-contrats">Mes contrats</Link></p>
    </section>
  );
}

/** /mes-contrats/:id/signature: the fourth step, the documents and the signature; then the confirmation. */
export default function ContractSignaturePage() {
  const { id = '' } = useParams();
  const [state, replace] = useContract(id);
  const signedHere = useRef(false);
  const contract = state.status === 'ready' ? state.contract : undefined;
  const pending = contract?.status === 'pending_signature';
  return (
    <>
      <PageHeader title={pending || !contract ? 'Signature de votre contrat' : 'Contrat signé'} lead={typeset('Lisez vos documents, autorisez le prélèvement, puis signez avec le code reçu par e-mail.')}>
        <PriceSteps names={subscriptionSteps} current={pending || !contract ? 4 : 5} />
      </PageHeader>
      <section className="section">
        <div className="container">
          <ContractLoad state={state} />
          {contract && pending ? (
            <div className="contract-layout">
              <div>
                {contract.risk.repricing ? <RepricingNotice repricing={contract.risk.repricing} /> : null}
                {contract.missing.length > 0 ? (
                  <p className="form-error" role="alert">
                    Il manque des informations pour préparer vos documents. <Link to={`/souscrire?prix=${encodeURIComponent(contract.sourceId)}`}>Les compléter</Link>
                  </p>
                ) : (
                  <SignatureForm contract={contract} defaultHolder={contract.holder.name} onSigned={(c) => { signedHere.current = true; replace(c); }} />
                )}
              </div>
              <Summary contract={contract} />
            </div>
          ) : null}
          {contract && !pending ? <Signed contract={contract} fresh={signedHere.current} /> : null}
        </div>
      </section>
    </>
  );
}
