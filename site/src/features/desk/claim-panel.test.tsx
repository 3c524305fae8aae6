import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StaffClaim } from './claim-api';
import { firstAnswerLine } from './claim-counts';
import { downloadUrl } from './claim-files';
import { fileSize } from '../../lib/upload-file';
import { claimPanel } from './claim-panel';
import { kindPanels } from './kinds';
import { RequestTracking } from './request-tracking';
import type { DeskDetail, DeskRequest } from './types';

const request: DeskRequest = {
  id: 'c1', kind: 'claim', kindLabel: 'Sinistre', ref: 'SN-2026-000123', client: true, name: 'Claire Martin',
  email: 'claire@exemple.fr', phone: '', product: 'home', summary: 'Dégât des eaux', status: 'declared', statusLabel: 'Déclaré',
  clientStatusLabel: 'Déclaré', waiting: true, assignee: { uid: 'a1', name: 'Thomas Agent' }, dueAt: '2026-03-13T17:00:00.000Z',
  overdue: false, dueToday: false, createdAt: '2026-03-12T09:00:00.000Z', updatedAt: '2026-03-12T09:00:00.000Z',
};

const claim: StaffClaim = {
  id: 'c1', ref: 'SN-2026-000123', status: 'declared', statusLabel: 'Déclaré', insurer: 'Assurances Exemple SA', policyNumber: 'AB-123456',
  product: 'home', productLabel: 'Assurance habitation', kind: 'water', kindLabel: 'Dégât des eaux', occurredAt: '2026-03-02',
  declareBy: '2026-03-09', declareRule: "5 jours ouvrés après le sinistre, ou après le jour où vous l'avez appris (article L113-2 du code des assurances)",
  declaredAt: '2026-03-12T09:00:00.000Z', late: true, description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
  answers: [
    { id: 'place', label: 'Adresse du logement', value: '12 rue des Lilas, Lyon', text: '12 rue des Lilas, Lyon' },
    { id: 'waterStopped', label: "L'eau est-elle coupée ?", value: 'yes', text: 'Oui' },
  ],
  files: [
    { id: 'f1', name: 'cuisine.jpg', mime: 'image/jpeg', size: 245_760, at: '2026-03-12T09:01:00.000Z', fromStaff: false, url: '/api/claims/c1/files/f1' },
    { id: 'f2', name: 'devis-plombier.pdf', mime: 'application/pdf', size: 1_572_864, at: '2026-03-12T09:02:00.000Z', fromStaff: true, url: '/api/claims/c1/files/f2' },
  ],
  history: [{ at: '2026-03-12T09:00:00.000Z', status: 'declared', label: 'Déclaré', text: 'Nous avons bien reçu votre déclaration.' }],
  messages: [{ id: 7, at: '2026-03-12T10:00:00.000Z', authorName: 'Claire Martin', fromClient: true, body: 'Le plombier passe demain.' }],
  actions: ['file', 'message'], updatedAt: '2026-03-12T10:00:00.000Z', name: 'Claire Martin', email: 'claire@exemple.fr',
  moves: [
    { status: 'transmitted', label: "Transmis à l'assureur", needs: 'insurerRef' },
    { status: 'pieces', label: 'En attente de pièces', needs: 'asked' },
    { status: 'indemnified', label: 'Indemnisé', needs: 'amountCents' },
    { status: 'refused', label: 'Refusé', needs: 'reason' },
    { status: 'closed', label: 'Clos', needs: '' },
  ],
  canWork: true,
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: "METHOD url" → answer; each call kept with its body (JSON, or the FormData as sent). */
function fakeServer(routes: Record<string, (body: unknown) => Response | Promise<Response>>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ key, body });
    const answer = routes[key];
    return answer ? answer(body) : json(404, { error: "Ce point d'accès de l'API n'existe pas.", code: 'not_found' });
  }));
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel(c: StaffClaim = claim, onChange = () => {}) {
  const { Details, Actions } = claimPanel;
  render(<><Details request={request} detail={{ claim: c }} onChange={onChange} /><Actions request={request} detail={{ claim: c }} onChange={onChange} /></>);
}

/** The error shown for an input, through its aria-describedby. */
function errorOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
    .filter((el) => el?.classList.contains('field-error')).map((el) => el?.textContent).join('');
}

describe('claim panel', () => {
  it('is the registered panel of claims, which makes its own moves and thread', () => {
    expect(kindPanels.claim).toBe(claimPanel);
    expect(claimPanel.ownMoves && claimPanel.ownThread).toBe(true);
  });

  it('shows the declaration, its delay and lateness, the answers, the files, the steps and the thread', () => {
    renderPanel();
    const text = document.body.textContent ?? '';
    for (const part of [
      'Contrat souscrit ailleurs', 'Assurances Exemple SA', 'AB-123456', 'Dégât des eaux', '2\u00a0mars 2026',
      'À déclarer au plus tard le 9\u00a0mars 2026', '5\u00a0jours ouvrés après le sinistre', 'Déclaré hors délai',
      '12 rue des Lilas, Lyon', "L'eau est-elle coupée\u00a0?", "Fuite sous l'évier", 'Nous avons bien reçu votre déclaration.',
      'Le plombier passe demain.', 'Ajouté par le cabinet', 'Photos et documents (2)',
    ]) expect(text).toContain(part);
    const photo = screen.getByRole('link', { name: /^cuisine\.jpg/ });
    expect(photo.getAttribute('href')).toBe('/api/claims/c1/files/f1');
    expect(photo.querySelector('img')?.getAttribute('src')).toBe('/api/claims/c1/files/f1');
    expect(screen.getByRole('link', { name: /^Télécharger\s*devis-plombier\.pdf$/ }).getAttribute('href')).toBe('/api/claims/c1/files/f2?download=1');
    expect(screen.getByRole('link', { name: /^devis-plombier\.pdf/ }).querySelector('img')).toBeNull();
  });

  it('names a contract of ours by its number, and hides the late badge in time', () => {
    renderPanel({ ...claim, contractId: 'k1', contractNumber: 'HC-2026-0042', late: false });
    expect(document.body.textContent).toContain('N°\u00a0HC-2026-0042');
    expect(document.body.textContent).not.toContain('Contrat souscrit ailleurs');
    expect(document.body.textContent).not.toContain('Déclaré hors délai');
  });

  it('moves it to « Indemnisé » with the amount typed in euros, sent as cents', async () => {
    const calls = fakeServer({ 'POST /api/desk/requests/c1/claim/status': () => json(200, { claim: { ...claim, status: 'indemnified' } }) });
    const onChange = vi.fn();
    renderPanel(claim, onChange);
    fireEvent.click(screen.getByRole('radio', { name: 'Indemnisé' }));
    expect(screen.queryByLabelText(/Numéro de sinistre/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Montant de l’indemnité/), { target: { value: '1 250,50' } });
    fireEvent.change(screen.getByLabelText(/^Mot au client/), { target: { value: 'Le virement part cette semaine.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’étape' })));
    expect(calls).toEqual([{
      key: 'POST /api/desk/requests/c1/claim/status',
      body: { status: 'indemnified', insurerRef: '', asked: '', amountCents: 125050, reason: '', note: 'Le virement part cette semaine.' },
    }]);
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Le sinistre est passé à «\u00a0Indemnisé\u00a0»\u00a0; le client en est averti par e-mail.');
  });

  it('asks for the insurer\'s number before sending a transmission', async () => {
    const calls = fakeServer({});
    renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: "Transmis à l'assureur" }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’étape' })));
    const input = screen.getByLabelText(/^Numéro de sinistre de l’assureur/);
    expect(errorOf(input)).toBe('Donnez le numéro de sinistre que l’assureur a attribué.');
    expect(document.activeElement).toBe(input);
    expect(calls).toEqual([]);
  });

  it('says a refusal must be given a reason, and that the mediator is added; the server\'s refusal shows by its field', async () => {
    fakeServer({ 'POST /api/desk/requests/c1/claim/status': () => json(400, { error: 'Le motif du refus doit compter au moins 10 caractères.', code: 'invalid', field: 'reason' }) });
    renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: 'Refusé' }));
    const input = screen.getByLabelText(/^Motif du refus/);
    expect(document.body.textContent).toContain('Le paragraphe sur le médiateur');
    fireEvent.change(input, { target: { value: 'Exclu' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’étape' })));
    await waitFor(() => expect(errorOf(input)).toBe('Le motif du refus doit compter au moins 10\u00a0caractères.'));
    expect(document.activeElement).toBe(input);
  });

  it('shows a refusal of the whole move above the button', async () => {
    fakeServer({ 'POST /api/desk/requests/c1/claim/status': () => json(409, { error: 'Un sinistre «\u00a0Clos\u00a0» ne peut pas passer à «\u00a0Clos\u00a0».', code: 'conflict' }) });
    renderPanel();
    fireEvent.click(screen.getByRole('radio', { name: 'Clos' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer l’étape' })));
    expect((await screen.findByRole('alert')).textContent).toContain('ne peut pas passer');
  });

  it('keeps the step chosen and the words typed when the claim comes again, and drops a step no longer offered', () => {
    // The page's header and this panel answer separately: the claim may
    // arrive moved on after the agent has already picked the next step.
    const { Actions } = claimPanel;
    const view = (c: StaffClaim) => <Actions request={request} detail={{ claim: c }} onChange={() => {}} />;
    const { rerender } = render(view(claim));
    fireEvent.click(screen.getByRole('radio', { name: 'En attente de pièces' }));
    fireEvent.change(screen.getByLabelText(/^Pièce demandée au client/), { target: { value: 'Le devis du plombier, en PDF.' } });
    const transmitted: StaffClaim = { ...claim, status: 'transmitted', statusLabel: "Transmis à l'assureur", insurerRef: 'ASS-2026-77', moves: claim.moves.slice(1) };
    rerender(view(transmitted));
    expect((screen.getByRole('radio', { name: 'En attente de pièces' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Pièce demandée au client/) as HTMLTextAreaElement).value).toBe('Le devis du plombier, en PDF.');
    rerender(view({ ...transmitted, status: 'pieces', moves: claim.moves.slice(2) }));
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(screen.queryByLabelText(/^Pièce demandée au client/)).toBeNull();
  });

  it('keeps the insurer\'s number the agent typed when the claim comes again, and shows the server\'s otherwise', () => {
    const { Actions } = claimPanel;
    const view = (c: StaffClaim) => <Actions request={request} detail={{ claim: c }} onChange={() => {}} />;
    const { rerender } = render(view({ ...claim, insurerRef: 'ASS-1' }));
    fireEvent.click(screen.getByRole('radio', { name: "Transmis à l'assureur" }));
    const input = () => screen.getByLabelText(/^Numéro de sinistre de l’assureur/) as HTMLInputElement;
    expect(input().value).toBe('ASS-1');
    rerender(view({ ...claim, insurerRef: 'ASS-2' }));
    expect(input().value).toBe('ASS-2');
    fireEvent.change(input(), { target: { value: 'ASS-3' } });
    rerender(view({ ...claim, insurerRef: 'ASS-4' }));
    expect(input().value).toBe('ASS-3');
  });

  it('asks staff who do not work on it to take it first, with no form', () => {
    renderPanel({ ...claim, canWork: false, moves: [], actions: [] });
    expect(document.body.textContent).toContain('Prenez ce sinistre en charge pour le faire avancer.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('writes to the client', async () => {
    const calls = fakeServer({ 'POST /api/claims/c1/messages': () => json(201, { claim }) });
    const onChange = vi.fn();
    renderPanel(claim, onChange);
    const form = screen.getByRole('form', { name: 'Écrire au client' });
    await act(async () => fireEvent.click(within(form).getByRole('button')));
    expect(errorOf(within(form).getByRole('textbox'))).toBe('Écrivez votre message au client.');
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Merci, je transmets le devis.' } });
    await act(async () => fireEvent.click(within(form).getByRole('button')));
    expect(calls).toEqual([{ key: 'POST /api/claims/c1/messages', body: { body: 'Merci, je transmets le devis.' } }]);
    expect(onChange).toHaveBeenCalledOnce();
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what the agent typed while a message left', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    fakeServer({ 'POST /api/claims/c1/messages': async () => { await held; return json(201, { claim }); } });
    renderPanel();
    const form = screen.getByRole('form', { name: 'Écrire au client' });
    const area = within(form).getByRole('textbox') as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'Merci, je transmets le devis.' } });
    fireEvent.click(within(form).getByRole('button'));
    fireEvent.change(area, { target: { value: 'Merci, je transmets le devis. Autre chose :' } });
    await act(async () => { release(); await held; });
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('Message envoyé au client.'));
    expect(area.value).toBe('Merci, je transmets le devis. Autre chose :');
  });

  it('attaches a file staff received, and shows the server\'s refusal', async () => {
    let status = 400;
    const calls = fakeServer({
      'POST /api/claims/c1/files': () => (status === 201 ? json(201, { claim }) : json(400, { error: "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.", field: 'file' })),
    });
    renderPanel();
    const input = screen.getByLabelText(/^Joindre un document/);
    const file = new File(['%PDF-1.7'], 'courrier-assureur.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Joindre' })));
    expect(calls[0]?.key).toBe('POST /api/claims/c1/files');
    expect((calls[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(errorOf(input)).toContain("Ce fichier n'est ni un PDF");
    status = 201;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Joindre' })));
    expect(screen.getByRole('status').textContent).toContain('«\u00a0courrier-assureur.pdf\u00a0» est joint au dossier');
  });
});

describe('a file chosen while another one is sent', () => {
  it('stays chosen, and is the next one sent', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const calls = fakeServer({ 'POST /api/claims/c1/files': async () => { await held; return json(201, { claim }); } });
    renderPanel();
    const input = screen.getByLabelText(/^Joindre un document/);
    const first = new File(['%PDF-1.7'], 'courrier-assureur.pdf', { type: 'application/pdf' });
    const second = new File(['%PDF-1.7'], 'rapport-expert.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [first] } });
    fireEvent.click(screen.getByRole('button', { name: /^Joindre|^Envoi/ }));
    fireEvent.change(input, { target: { files: [second] } });
    await act(async () => { release(); await held; });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('«\u00a0courrier-assureur.pdf\u00a0» est joint'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Joindre' })));
    expect(calls.map((c) => ((c.body as FormData).get('file') as File).name)).toEqual(['courrier-assureur.pdf', 'rapport-expert.pdf']);
  });
});

describe('the request page of a claim', () => {
  it('offers no bare status change: the panel makes the moves', () => {
    const detail: DeskDetail = {
      request, history: [], notes: [], replies: [], moves: [{ status: 'closed', label: 'Clos' }],
      can: { take: false, release: true, assign: false, work: true, note: true },
    };
    render(<RequestTracking detail={detail} me="a1" onChange={() => {}} />);
    expect(screen.queryByLabelText('Changer le statut')).toBeNull();
    cleanup();
    render(<RequestTracking detail={{ ...detail, request: { ...request, kind: 'contact' } }} me="a1" onChange={() => {}} />);
    expect(screen.getByLabelText('Changer le statut')).toBeTruthy();
  });
});

describe('figures', () => {
  it.each([
    [{ firstAnswerHours: 3.5, answered: 12 }, 'Délai moyen de première réponse\u00a0: 3,5\u00a0h (sur 12\u00a0dossiers, 90\u00a0derniers jours)'],
    [{ firstAnswerHours: 26.04, answered: 1 }, 'Délai moyen de première réponse\u00a0: 26\u00a0h (sur 1\u00a0dossier, 90\u00a0derniers jours)'],
    [{ firstAnswerHours: 0.2, answered: 2 }, 'Délai moyen de première réponse\u00a0: 12\u00a0min (sur 2\u00a0dossiers, 90\u00a0derniers jours)'],
    [{ firstAnswerHours: 0.001, answered: 1 }, 'Délai moyen de première réponse\u00a0: 1\u00a0min (sur 1\u00a0dossier, 90\u00a0derniers jours)'],
    [{ firstAnswerHours: 0, answered: 0 }, 'Délai moyen de première réponse\u00a0: — (aucune réponse à un dossier ces 90\u00a0derniers jours)'],
  ])('%j reads %j', (c, want) => expect(firstAnswerLine(c)).toBe(want));

  it.each([[512, '1\u00a0Ko'], [245_760, '240\u00a0Ko'], [1_572_864, '1,5\u00a0Mo']])('%d bytes are %j', (n, want) => expect(fileSize(n)).toBe(want));

  it('hides the responsibility of a claim without bonus-malus (a home)', () => {
    fakeServer({});
    renderPanel();
    expect(screen.queryByLabelText(/^Responsabilité retenue par l’assureur/)).toBeNull();
  });

  it('records the responsibility of a vehicle claim, and shows the server\'s refusal by the field', async () => {
    const car: StaffClaim = { ...claim, product: 'car', kind: 'collision', bonusMalus: true, responsibility: '' };
    const calls = fakeServer({ 'POST /api/desk/requests/c1/claim/responsibility': () => json(200, { claim: { ...car, responsibility: 'shared' } }) });
    const onChange = vi.fn();
    renderPanel(car, onChange);
    const select = screen.getByLabelText(/^Responsabilité retenue par l’assureur/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Pas encore connue', 'Aucune', 'Partagée', 'Entière']);
    fireEvent.change(select, { target: { value: 'shared' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la responsabilité' })));
    expect(calls).toEqual([{ key: 'POST /api/desk/requests/c1/claim/responsibility', body: { responsibility: 'shared' } }]);
    expect(onChange).toHaveBeenCalledOnce();
    expect((await screen.findByText(/^Responsabilité enregistrée/)).textContent).toBe('Responsabilité enregistrée\u00a0: partagée.');

    cleanup();
    fakeServer({ 'POST /api/desk/requests/c1/claim/responsibility': () => json(400, { error: 'Seul un sinistre de véhicule déclaré sur l’un de nos contrats a une responsabilité retenue pour le bonus-malus.', code: 'invalid', field: 'responsibility' }) });
    renderPanel(car);
    const again = screen.getByLabelText(/^Responsabilité retenue par l’assureur/);
    fireEvent.change(again, { target: { value: 'full' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la responsabilité' })));
    expect(errorOf(again)).toContain('Seul un sinistre de véhicule');
  });

  it('downloads a file by its address', () => {
    expect(downloadUrl('/api/claims/c1/files/f1')).toBe('/api/claims/c1/files/f1?download=1');
  });
});
