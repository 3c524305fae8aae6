import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Faq, faqStructuredData } from './faq';

const entries = [
  { question: 'Combien coûte un devis ?', answer: 'Rien : le devis est gratuit.' },
  { question: 'Et ensuite ?', answer: ['Voyez la ', { to: '/contact', text: 'page contact' }, ' </script><b>'] },
];

describe('Faq', () => {
  it('describes its questions as a FAQPage, links as their words, no way to close the script', () => {
    const json = faqStructuredData(entries);
    expect(json).not.toContain('<');
    const data = JSON.parse(json) as { '@type': string; mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((q) => q.name)).toEqual(['Combien coûte un devis ?', 'Et ensuite ?']);
    expect(data.mainEntity[1]?.acceptedAnswer.text).toBe('Voyez la page contact </script><b>');
  });

  it('renders the questions and the data block', () => {
    const { container } = render(<MemoryRouter><Faq entries={entries} /></MemoryRouter>);
    expect(container.querySelectorAll('details')).toHaveLength(2);
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '{}')['@type']).toBe('FAQPage');
  });
});
