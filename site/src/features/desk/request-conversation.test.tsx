import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RequestConversation } from './request-conversation';
import type { DeskRequest } from './types';

const at = '2026-03-02T09:00:00.000Z';
const request: DeskRequest = {
  id: 'r1', kind: 'contact', kindLabel: 'Message', ref: 'MS-2026-000001', client: false, name: 'Léa Martin', email: 'lea@exemple.fr',
  phone: '', product: '', summary: 'Autre', status: 'new', statusLabel: 'Nouveau', clientStatusLabel: 'Reçu', waiting: true,
  assignee: null, dueAt: at, overdue: false, dueToday: false, createdAt: at, updatedAt: at,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequestConversation', () => {
  it('shows nothing, and asks nothing, for a request sent from a form', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<RequestConversation request={request} />);
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the conversation a request was filed from, the visitor named', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ messages: [
      { id: 2, sender: 'user', text: 'Le prêt du volant est-il couvert ?', timestamp: at },
      { id: 3, sender: 'system', text: 'Aucun conseiller n\'est en ligne pour le moment.', timestamp: at },
    ] }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestConversation request={{ ...request, conversationId: 'ab'.repeat(32) }} />);
    expect(screen.getByRole('heading', { name: 'Conversation du chat' })).toBeTruthy();
    await screen.findByText('Le prêt du volant est-il couvert ?');
    expect(screen.getByText('Léa Martin')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/desk/requests/r1/conversation');
  });

  it('says in French when the conversation cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Cette conversation n\'existe pas ou n\'est plus disponible.', code: 'not_found' }),
      { status: 404, headers: { 'Content-Type': 'application/json' } })));
    render(<RequestConversation request={{ ...request, conversationId: 'ab'.repeat(32) }} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Cette conversation n\'existe pas ou n\'est plus disponible.');
  });
});
