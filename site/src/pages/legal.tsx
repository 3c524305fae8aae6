import { legalPage, legalSections } from '../content/legal';
import { PageHeader } from '../components/page-header';
import { TextDocument } from '../components/text-document';

/** The legal notices (LCEN and Code des assurances): publisher, host, ORIAS, supervisor, independence, complaints and mediation. */
export default function LegalPage() {
  return (
    <>
      <PageHeader title={legalPage.title} lead={legalPage.lead} />
      <TextDocument sections={legalSections} />
    </>
  );
}
