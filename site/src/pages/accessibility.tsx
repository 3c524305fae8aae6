import { accessibilityPage, accessibilitySections } from '../content/accessibility';
import { PageHeader } from '../components/page-header';
import { TextDocument } from '../components/text-document';

/** The accessibility statement (RGAA 4.1, Code de la consommation L. 412-13): level, checks, known gaps, contact and recourse. */
export default function AccessibilityPage() {
  return (
    <>
      <PageHeader title={accessibilityPage.title} lead={accessibilityPage.lead} />
      <TextDocument sections={accessibilitySections} updated={accessibilityPage.updated} />
    </>
  );
}
