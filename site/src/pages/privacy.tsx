import { privacyPage, privacySections } from '../content/privacy';
import { PageHeader } from './parts/page-header';
import { TextDocument } from './parts/text-document';

/** The privacy policy (RGPD): controller, data, purposes, recipients, retention, rights, cookies and security. */
export default function PrivacyPage() {
  return (
    <>
      <PageHeader title={privacyPage.title} lead={privacyPage.lead} />
      <TextDocument sections={privacySections} updated={privacyPage.updated} />
    </>
  );
}
