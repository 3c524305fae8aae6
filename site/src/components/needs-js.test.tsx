import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { NeedsJs } from './needs-js';
import { company } from '../lib/company';

afterEach(() => vi.restoreAllMocks());

function Form() {
  return (
    <div>
      <NeedsJs />
      <form className="needs-js"><button type="submit">Envoyer</button></form>
    </div>
  );
}

describe('NeedsJs', () => {
  it('writes, for a browser without JavaScript, that the form needs it and how else to reach the broker', () => {
    const html = renderToString(<NeedsJs />);
    expect(html).toMatch(/^<noscript>/);
    expect(html).toContain('Ce formulaire a besoin de JavaScript.');
    expect(html).toContain(`href="tel:${company.phoneInternational}"`);
    expect(html).toContain(`href="mailto:${company.email}"`);
    expect(renderToString(<NeedsJs what="L'assistant en ligne" />)).toContain('assistant en ligne a besoin de JavaScript');
  });

  it('hydrates the server HTML without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Form />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
