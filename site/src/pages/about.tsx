import { Link } from 'react-router-dom';
import { company, type TeamMember } from '../lib/company';
import { aboutPage, aboutTeam } from '../content/about';
import { PageHeader } from '../components/page-header';
import '../components/page-parts.css';
import './about.css';

function initials(name: string): string {
  return name.split(/\s+/).map((part) => part.charAt(0)).join('').slice(0, 2).toUpperCase();
}

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <li className="card about-member">
      <span className="about-avatar" aria-hidden="true">{initials(member.name)}</span>
      <div>
        <h3>{member.name}</h3>
        <p className="about-role">{member.role}</p>
        <p>{member.description}</p>
        <h4 className="about-expertise-title">{aboutPage.team.expertiseLabel}</h4>
        <ul className="about-expertise">
          {member.expertise.map((e) => <li key={e} className="tag">{e}</li>)}
        </ul>
      </div>
    </li>
  );
}

/** Who the broker is: history, mission, values, team and registration. */
export default function AboutPage() {
  const { whoWeAre, mission, facts, values, team, regulated } = aboutPage;
  return (
    <>
      <PageHeader title={aboutPage.title} lead={aboutPage.lead} />

      <section className="section" aria-labelledby="qui">
        <div className="container about-intro">
          <div>
            <h2 id="qui">{whoWeAre.title}</h2>
            {whoWeAre.paragraphs.map((p) => <p key={p}>{p}</p>)}
            <h2 id="mission">{mission.title}</h2>
            {mission.paragraphs.map((p) => <p key={p}>{p}</p>)}
          </div>
          <div className="card about-facts">
            <h3>{company.name} en bref</h3>
            <dl>
              {facts.map((f) => (
                <div key={f.term}>
                  <dt>{f.term}</dt>
                  <dd>{f.detail}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="valeurs">
        <div className="container">
          <h2 id="valeurs">{aboutPage.valuesTitle}</h2>
          <ul className="grid grid-fit plain-list">
            {values.map((v) => (
              <li key={v.title} className="card about-value">
                <h3>{v.title}</h3>
                <p>{v.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="equipe">
        <div className="container">
          <h2 id="equipe">{team.title}</h2>
          <p className="lead">{team.lead}</p>
          <ul className="plain-list about-team">
            {aboutTeam.map((m) => <MemberCard key={m.name} member={m} />)}
          </ul>
          <p className="about-join">
            Envie de nous rejoindre&nbsp;? <Link to="/careers" viewTransition>Découvrez nos offres d’emploi</Link>.
          </p>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="reglemente">
        <div className="container">
          <div className="prose">
            <h2 id="reglemente">{regulated.title}</h2>
            {regulated.paragraphs.map((p) => <p key={p}>{p}</p>)}
            <ul>
              {regulated.links.map((l) => <li key={l.href}><a href={l.href}>{l.text}</a></li>)}
              <li><Link to={regulated.legalLink.to} viewTransition>{regulated.legalLink.label}</Link></li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
