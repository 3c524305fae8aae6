import { termsPage, termsSections } from '../content/terms';
import { PageHeader } from '../components/page-header';
import { TextDocument } from '../components/text-document';

/** The terms of use of the site and the client space. */
export default function TermsPage() {
  return (
    <>
      <PageHeader title={termsPage.title} lead={termsPage.lead} />
      <TextDocument sections={termsSections} updated={termsPage.updated} />
    </>
  );
}
