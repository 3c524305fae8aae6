import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CannedAdmin } from './canned-admin';
import type { Canned } from './types';

/** Matches the element whose own text is exactly s, non-breaking spaces included (getByText would turn them into spaces). */
const exactly = (s: string) => (_: string, el: Element | null) =>
  el?.textContent === s && !Array.from(el.children).some((c) => c.textContent === s);


const json = (status: number, body?: unknown) =>
  status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server of canned answers, answering like docs/live-chat.md; every call is recorded. */
function fakeServer(list: Canned[], refuse?: { field: string; error: string }) {
  const calls: string[] = [];
  let next = 10;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    if (method === 'GET') return json(200, { canned: list });
    if (refuse) return json(400, refuse);
    const body = init?.body ? (JSON.parse(String(init.body)) as Omit<Canned, 'id'>) : null;
    const id = Number(url.split('/').pop());
    if (method === 'POST' && body) { list.push({ id: next++, ...body }); return json(201, { canned: list[list.length - 1] }); }
    if (method === 'PUT' && body) { list = list.map((c) => (c.id === id ? { id, ...body } : c)); return json(200, {}); }
    if (method === 'DELETE') { list = list.filter((c) => c.id !== id); return json(204); }
    return json(404, { error: 'Introuvable.' });
  }));
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const writes = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));

describe('the canned answers of the admin', () => {
  it('tells what is wrong next to each field, and sends nothing', async () => {
    const calls = fakeServer([]);
    render(<CannedAdmin />);
    await screen.findByText('Aucune réponse type pour l’instant.');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    const title = screen.getByLabelText('Titre');
    const text = screen.getByLabelText('Texte');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent).toBe('Donnez un titre à cette réponse.');
    expect(document.getElementById(text.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent).toBe('Écrivez le texte de la réponse.');
    expect(document.activeElement).toBe(title);
    fireEvent.change(title, { target: { value: 'x'.repeat(81) } });
    fireEvent.change(text, { target: { value: 'y'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText(exactly('Le titre dépasse 80\u00a0caractères\u00a0: raccourcissez-le.'))).toBeTruthy();
    expect(screen.getByText(exactly('Le texte dépasse 1\u00a0000\u00a0caractères\u00a0: raccourcissez-le.'))).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('adds, changes and deletes a canned answer', async () => {
    const calls = fakeServer([{ id: 1, title: 'Horaires', text: 'Du lundi au vendredi.' }]);
    render(<CannedAdmin />);
    await screen.findByRole('heading', { name: 'Horaires' });
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: ' Rappel ' } });
    fireEvent.change(screen.getByLabelText('Texte'), { target: { value: 'Un conseiller vous rappelle.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText(exactly('La réponse type «\u00a0Rappel\u00a0» est ajoutée.'))).toBeTruthy();
    expect(calls).toContain('POST /api/chat/canned {"title":"Rappel","text":"Un conseiller vous rappelle."}');
    await screen.findByRole('heading', { name: 'Rappel' });

    fireEvent.click(screen.getByRole('button', { name: 'Modifier «\u00a0Horaires\u00a0»' }));
    expect(screen.getByRole('heading', { name: 'Modifier la réponse type' })).toBeTruthy();
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('Horaires');
    fireEvent.change(screen.getByLabelText('Texte'), { target: { value: 'Du lundi au samedi.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(exactly('La réponse type «\u00a0Horaires\u00a0» est enregistrée.'))).toBeTruthy();
    expect(calls).toContain('PUT /api/chat/canned/1 {"title":"Horaires","text":"Du lundi au samedi."}');

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer «\u00a0Horaires\u00a0»' }));
    const confirm = screen.getByRole('group');
    expect(confirm.textContent).toContain('Supprimer la réponse type «\u00a0Horaires\u00a0»\u00a0?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(exactly('La réponse type «\u00a0Horaires\u00a0» est supprimée.'))).toBeTruthy();
    expect(calls).toContain('DELETE /api/chat/canned/1');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Horaires' })).toBeNull());
  });

  it('shows the server\'s refusal next to its field, and keeps what was typed', async () => {
    fakeServer([], { field: 'title', error: 'Une réponse type porte déjà ce titre.' });
    render(<CannedAdmin />);
    await screen.findByText('Aucune réponse type pour l’instant.');
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'Horaires' } });
    fireEvent.change(screen.getByLabelText('Texte'), { target: { value: 'Du lundi au vendredi.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Une réponse type porte déjà ce titre.')).toBeTruthy();
    expect(screen.getByLabelText('Titre').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Texte') as HTMLTextAreaElement).value).toBe('Du lundi au vendredi.');
  });
});
