import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setSessionUser, type SessionUser } from '../../lib/session';
import type { ComplaintDetail } from '../complaints/complaints-api';
import { acknowledgementTemplate, answerTemplate, complaintPanel } from './complaint-panel';
import { kindPanels } from './kinds';
import type { DeskRequest } from './types';

const agent: SessionUser = { uid: 'a1', email: 'thomas@horizon.example', displayName: 'Thomas Agent', role: 'agent', status: 'active', emailConfirmed: true, twoFactor: true, createdAt: '', updatedAt: '' };
const other: SessionUser = { ...agent, uid: 'a2', displayName: 'Léa Agente' };
const admin: SessionUser = { ...agent, uid: 'ad', displayName: 'Anne Admin', role: 'admin' };

const request: DeskRequest = {
  id: 'c1', kind: 'complaint', kindLabel: 'Réclamation', ref: 'RC-2026-000007', client: true, name: 'Claire Martin',
  email: 'claire@exemple.fr', phone: '', product: '', summary: 'Remboursement non reçu', status: 'received', statusLabel: 'Nouvelle',
  clientStatusLabel: 'Reçue', waiting: true, assignee: { uid: 'a1', name: 'Thomas Agent' }, dueAt: '2026-03-13T17:00:00.000Z',
  overdue: false, dueToday: false, createdAt: '2026-03-02T09:00:00.000Z', updatedAt: '2026-03-02T09:00:00.000Z',
};
const complaint: ComplaintDetail = {
  id: 'c1', subject: 'Remboursement non reçu', concerns: '', facts: 'Le remboursement promis\nn\'est jamais arrivé.', demand: 'Le remboursement.',
  consentAt: '2026-03-02T09:00:00.000Z', acknowledgeDueAt: '2026-03-13T17:00:00.000Z', answerDueAt: '2026-05-02T08:00:00.000Z',
  acknowledgedAt: '', answeredAt: '', answerClosing: "Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur\u00a0: La Médiation de l'Assurance, TSA 50110, 75441 Paris Cedex 09.",
};
let posts: { url: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    posts.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ complaint }), { status: 200 });
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(user: SessionUser, r: DeskRequest = request, c: ComplaintDetail = complaint, onChange = () => {}) {
  act(() => setSessionUser(user));
  const { Actions } = complaintPanel;
  render(<Actions request={r} detail={c} onChange={onChange} />);
}

describe('complaint panel', () => {
  it('is the registered panel of complaints', () => {
    expect(kindPanels.complaint).toBe(complaintPanel);
  });

  it('shows what the complainant wrote and both deadlines', () => {
    const { Details } = complaintPanel;
    render(<Details request={request} detail={complaint} onChange={() => {}} />);
    const text = document.body.textContent ?? '';
    for (const part of ['Remboursement non reçu', 'Non précisé', "n'est jamais arrivé", 'À envoyer avant le 13\u00a0mars 2026\u00a0à\u00a018:00', 'À envoyer avant le 2\u00a0mai 2026\u00a0à\u00a010:00']) {
      expect(text).toContain(part);
    }
  });

  it('pre-fills the acknowledgement with the reference, the subject and the answer date, and the answer with the mediator', () => {
    const ack = acknowledgementTemplate(request, complaint, 'Thomas Agent');
    expect(ack).toContain('Bonjour Claire Martin,');
    expect(ack).toContain('le 2\u00a0mars 2026 votre réclamation RC-2026-000007 intitulée «\u00a0Remboursement non reçu\u00a0»');
    expect(ack).toContain('au plus tard le 2\u00a0mai 2026');
    expect(ack).toContain('Thomas Agent\nService Réclamations – Horizon Courtage');
    expect(answerTemplate(request, complaint, 'Thomas Agent')).toContain(complaint.answerClosing);
  });

  it('lets the agent who holds it acknowledge, and sends what was written', async () => {
    const onChange = vi.fn();
    renderActions(agent, request, complaint, onChange);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’accusé de réception' })));
    expect(posts).toEqual([{ url: '/api/desk/requests/c1/acknowledge', body: { text: acknowledgementTemplate(request, complaint, 'Thomas Agent') } }]);
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('refuses an answer left as pre-filled, next to the field', async () => {
    renderActions(admin);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' })));
    const field = screen.getByLabelText(/^Réponse à la réclamation/);
    expect(document.getElementById(`${field.id}-erreur`)?.textContent).toBe('Écrivez votre réponse avant de l’envoyer.');
    expect(posts).toEqual([]);
  });

  it.each([
    ['an agent who did not take it', other, request, 'Prenez d’abord cette réclamation en charge pour lui répondre.'],
    ['an answered complaint', agent, { ...request, status: 'answered' }, 'La réponse a été envoyée.'],
    ['a closed complaint', admin, { ...request, status: 'closed' }, 'Cette réclamation est clôturée.'],
  ])('shows no form for %s', (_, user, r, message) => {
    renderActions(user, r);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.body.textContent).toContain(message);
  });

  it('offers only the answer once acknowledged', () => {
    renderActions(agent, { ...request, status: 'acknowledged' }, { ...complaint, acknowledgedAt: '2026-03-03T09:00:00.000Z' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Envoyer la réponse']);
  });
});
