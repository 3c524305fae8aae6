import { describe, expect, it } from 'vitest';
import { answerDelays } from '../lib/company';
import { legalSections } from './legal';
import { quoteRequestCopy } from './quote-form';

// The delays of the company's profile (lib/company.test.ts) as the copy
// writes them: content reads lib, never the reverse.
describe('answerDelays', () => {
  it('is what the pages promise', () => {
    expect(quoteRequestCopy.lead).toContain(answerDelays.quote);
    const complaints = JSON.stringify(legalSections.find((s) => s.id === 'reclamations'));
    expect(complaints).toContain(`délai maximal de ${answerDelays.complaintAcknowledge} à compter`);
    expect(complaints).toContain(`délai maximal de ${answerDelays.complaintAnswer} à compter`);
  });
});
