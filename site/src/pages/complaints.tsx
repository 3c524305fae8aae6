import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { NeedsJs } from '../components/needs-js';
import { PageHeader } from '../components/page-header';
import { Steps } from '../components/steps';
import { ComplaintForm } from '../features/complaints/complaint-form-view';
import type { FiledComplaint } from '../features/complaints/complaints-api';
import { complaintsPage as copy } from '../content/complaints';
import { company } from '../lib/company';
import { formatDate, typeset } from '../lib/format';
import { useSession } from '../lib/session';
import '../components/page-parts.css';
import './complaints.css';

/** The other ways to write to the complaints service. */
function OtherWays() {
  const { email, address } = company.complaints;
  return (
    <div className="card complaints-card">
      <h3>{copy.write.title}</h3>
      <dl className="complaints-terms">
        <div><dt>{copy.write.email}</dt><dd><a href={`mailto:${email}`}>{email}</a></dd></div>
        <div><dt>{copy.write.post}</dt><dd>{address}</dd></div>
      </dl>
    </div>
  );
}

/** The mediator, from the company profile, and when to turn to them. */
function Mediation() {
  const { name, address, website } = company.mediator;
  return (
    <section className="section section-alt" aria-labelledby="mediateur">
      <div className="container">
        <div className="prose">
          <h2 id="mediateur">{copy.mediation.title}</h2>
          <p>{copy.mediation.intro}</p>
          <dl className="complaints-terms card">
            <div><dt>{copy.mediation.name}</dt><dd>{name}</dd></div>
            <div><dt>{copy.mediation.address}</dt><dd>{address}</dd></div>
            <div><dt>{copy.mediation.website}</dt><dd><a href={website} rel="noopener noreferrer">{website.replace(/^https?:\/\//, '')}</a></dd></div>
          </dl>
          <p>{copy.mediation.delay}</p>
        </div>
      </div>
    </section>
  );
}

/** What the complainant is told once the complaint is stored: its reference and the dates owed. */
function Filed({ filed, signedIn }: { filed: FiledComplaint; signedIn: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="card complaints-done" role="status">
      <h2 ref={title} tabIndex={-1}>{copy.done.title}</h2>
      <p className="complaints-ref">
        {copy.done.ref}&nbsp;: <strong>{filed.ref}</strong>
      </p>
      <p className="muted">{copy.done.refNote}</p>
      <p>{typeset(copy.done.acknowledge(formatDate(filed.acknowledgeDueAt)))}</p>
      <p>{typeset(copy.done.answer(formatDate(filed.answerDueAt)))}</p>
      <p className="complaints-actions">
        {signedIn ? <Link className="btn btn-primary" to="/dashboard" viewTransition>{copy.done.dashboard}</Link> : null}
        <Link className="btn btn-secondary" to="/" viewTransition>{copy.done.home}</Link>
      </p>
    </div>
  );
}

/** /reclamations: the complaints procedure (ACPR 2022-R-01), the mediator, and the form. */
export default function ComplaintsPage() {
  const session = useSession();
  const [filed, setFiled] = useState<{ complaint: FiledComplaint; signedIn: boolean } | null>(null);
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead}>
        <a className="btn btn-primary" href="#formulaire">{copy.toForm}</a>
      </PageHeader>

      <section className="section" aria-labelledby="procedure">
        <div className="container">
          <h2 id="procedure">{copy.procedure.title}</h2>
          <p className="complaints-intro">{copy.procedure.intro}</p>
          <Steps steps={copy.procedure.steps} />
          <OtherWays />
        </div>
      </section>

      <Mediation />

      <section className="section" aria-labelledby="formulaire-titre" id="formulaire">
        <div className="container">
          <div className="complaints-form-wrap">
            <h2 id="formulaire-titre">{copy.form.title}</h2>
            {filed ? null : <NeedsJs />}
            {filed ? (
              <Filed filed={filed.complaint} signedIn={filed.signedIn} />
            ) : session ? (
              <ComplaintForm user={session.user} onFiled={(complaint) => setFiled({ complaint, signedIn: Boolean(session.user) })} />
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
