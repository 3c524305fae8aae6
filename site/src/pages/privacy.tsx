import { privacyPage, privacySections } from '../content/privacy';
import { PageHeader } from '../components/page-header';
import { TextDocument } from '../components/text-document';

/** The privacy policy (RGPD): controller, data, purposes, recipients, retention, rights, cookies and security. */
export default function PrivacyPage() {
  return (
    <>
      <PageHeader title={privacyPage.title} lead={privacyPage.lead} />
      <TextDocument sections={privacySections} updated={privacyPage.updated} />
    </>
  );
}
