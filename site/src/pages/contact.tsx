import { Link } from 'react-router-dom';
import { company, contactInfo, mailHref, telHref } from '../lib/company';
import { contactPage } from '../content/contact';
import { PageHeader } from '../components/page-header';
import { island } from '../lib/island';
import { copy as formCopy } from '../features/contact/form';
import { MessageForm } from '../features/contact/message-form';
import '../components/page-parts.css';
// The callback form's (an island): inlined with the page, see app/layout.tsx.
import '../components/quote-fields.css';
import './contact.css';

// Below the message form: its slots, checks and code load once the page is in (an island).
const CallbackForm = island(() => import('../features/contact/callback-form').then((m) => m.CallbackForm));

function Details() {
  const { address } = contactInfo;
  return (
    <div className="card contact-card">
      <h2 id="coordonnees">{contactPage.detailsTitle}</h2>
      <dl className="contact-list">
        <div>
          <dt>Adresse</dt>
          <dd>
            <address>
              {company.fullName}<br />
              {address.street}<br />
              {address.city}<br />
              {address.country}
            </address>
            <span className="muted">{contactPage.visitNote}</span>
          </dd>
        </div>
        <div>
          <dt>Téléphone</dt>
          <dd><a href={telHref}>{contactInfo.phone}</a></dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd><a href={mailHref}>{contactInfo.email}</a></dd>
        </div>
      </dl>
    </div>
  );
}

function Hours() {
  const { hours, online } = contactInfo;
  const labels = contactPage.hoursLabels;
  return (
    <div className="card contact-card">
      <h2 id="horaires">{contactPage.hoursTitle}</h2>
      <dl className="contact-list contact-hours">
        <div><dt>{labels.weekdays}</dt><dd>{hours.weekdays}</dd></div>
        <div><dt>{labels.saturday}</dt><dd>{hours.saturday}</dd></div>
        <div><dt>{labels.sunday}</dt><dd>{hours.sunday}</dd></div>
        {online.available ? <div><dt>{labels.online}</dt><dd>{online.description}</dd></div> : null}
      </dl>
      {online.available ? <p className="muted contact-note">{contactPage.onlineNote}</p> : null}
    </div>
  );
}

/** The contact page: a message or a callback request, the contact block of SPEC.md §1 and the complaints address. */
export default function ContactPage() {
  const { other, complaints } = contactPage;
  return (
    <>
      <PageHeader title={contactPage.title} lead={contactPage.lead} />

      <section className="section section-alt" aria-label="Nous écrire ou être rappelé">
        <div className="container contact-forms">
          <div className="card contact-card">
            <h2 id="ecrire">{formCopy.message.title}</h2>
            <p>{formCopy.message.lead}</p>
            <MessageForm labelledBy="ecrire" />
          </div>
          <div className="card contact-card" id="rappel">
            <h2 id="etre-rappele">{formCopy.callback.title}</h2>
            <p>{formCopy.callback.lead}</p>
            <CallbackForm labelledBy="etre-rappele" />
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container contact-grid">
          <Details />
          <Hours />
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="plus-vite">
        <div className="container">
          <h2 id="plus-vite">{other.title}</h2>
          <ul className="grid grid-fit plain-list">
            {other.items.map((item) => (
              <li key={item.to} className="card link-card">
                <h3><Link to={item.to} viewTransition>{item.label}</Link></h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="reclamations">
        <div className="container">
          <div className="prose">
            <h2 id="reclamations">{complaints.title}</h2>
            <p>{complaints.intro}</p>
            <ul>
              <li>par e-mail&nbsp;: <a href={`mailto:${company.complaints.email}`}>{company.complaints.email}</a>&nbsp;;</li>
              <li>par courrier&nbsp;: {company.complaints.address}.</li>
            </ul>
            <p>{complaints.commitment}</p>
            <p>
              {complaints.more} <Link to="/mentions-legales" viewTransition>mentions légales</Link>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
