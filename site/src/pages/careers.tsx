import { careersPage, jobOffers, jobsEmail, type JobOffer } from '../content/careers';
import { formatDate } from '../lib/format';
import { PageHeader } from '../components/page-header';
import '../components/page-parts.css';
import './careers.css';

function applyHref(title: string): string {
  return `mailto:${jobsEmail}?subject=${encodeURIComponent(`Candidature : ${title}`)}`;
}

function Offer({ job }: { job: JobOffer }) {
  const titleId = `${job.slug}-titre`;
  return (
    <article className="card job" id={job.slug} aria-labelledby={titleId}>
      <h3 id={titleId}>{job.title}</h3>
      <ul className="job-meta" aria-label="En bref">
        <li className="tag">{job.contract}</li>
        <li>{job.place}</li>
        <li>Publiée le <time dateTime={job.published}>{formatDate(job.published)}</time></li>
      </ul>
      <p>{job.description}</p>
      <div className="job-columns">
        <div>
          <h4>Vos missions</h4>
          <ul>{job.missions.map((m) => <li key={m}>{m}</li>)}</ul>
        </div>
        <div>
          <h4>Votre profil</h4>
          <ul>{job.profile.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      </div>
      <a className="btn btn-primary" href={applyHref(job.title)}>
        Postuler par e-mail<span className="visually-hidden"> au poste de {job.title}</span>
      </a>
    </article>
  );
}

/** The careers page: why join, the open positions and how to apply. */
export default function CareersPage() {
  const { why, apply } = careersPage;
  return (
    <>
      <PageHeader title={careersPage.title} lead={careersPage.lead} />

      <section className="section section-alt" aria-labelledby="pourquoi">
        <div className="container">
          <h2 id="pourquoi">{why.title}</h2>
          <ul className="grid grid-fit plain-list">
            {why.items.map((w) => (
              <li key={w.title} className="card">
                <h3>{w.title}</h3>
                <p className="muted">{w.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="offres">
        <div className="container">
          <h2 id="offres">Nos offres d’emploi</h2>
          <div className="job-list">
            {jobOffers.map((j) => <Offer key={j.slug} job={j} />)}
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="postuler">
        <div className="container">
          <div className="prose">
            <h2 id="postuler">{apply.title}</h2>
            <p>{apply.text} <a href={`mailto:${jobsEmail}`}>{jobsEmail}</a>.</p>
            <p>{apply.spontaneous}</p>
            <p className="muted">{apply.answer}</p>
          </div>
        </div>
      </section>
    </>
  );
}
