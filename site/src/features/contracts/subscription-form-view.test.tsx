import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SubscriptionFormView } from './subscription-form-view';
import { initialValues } from './subscription-form';

afterEach(cleanup);

function renderForm(product = 'car', errors = {}) {
  const onSubmit = vi.fn();
  const onStep = vi.fn();
  const view = (e: object) => (
    <SubscriptionFormView
      product={product} yearlyCents={56833} monthlyCents={4831} today="2026-11-27"
      initial={initialValues(undefined, '69002', true)} busy={false} errors={e} onStep={onStep} onSubmit={onSubmit}
    />
  );
  const r = render(view(errors));
  return { onSubmit, onStep, rerender: (e: object) => r.rerender(view(e)) };
}

const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: /Continuer|Voir mes documents/ }));

describe('SubscriptionFormView', () => {
  it('refuses a start before tomorrow, next to the field, and stays on the step', () => {
    renderForm();
    expect(heading()).toBe('Étape 1\u00a0sur 4\u00a0: Début du contrat');
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-11-27' } });
    next();
    const field = screen.getByLabelText('Date de début du contrat');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Le contrat peut commencer au plus tôt demain, le 28\snovembre 2026\./)).toBeTruthy();
    expect(heading()).toMatch(/^Étape 1/);
  });

  it('asks the insurer and the policy for a switch, and a start a month later', () => {
    renderForm();
    fireEvent.click(screen.getByLabelText(/résiliez mon contrat actuel pour moi/));
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-12-01' } });
    next();
    expect(screen.getByText('Indiquez le nom de votre assureur actuel.')).toBeTruthy();
    expect(screen.getByText('Indiquez le numéro de votre contrat actuel.')).toBeTruthy();
    expect(screen.getByText(/au plus tôt le 28\sdécembre 2026/)).toBeTruthy();
  });

  it('goes through the three steps, checks the address and the plate, and sends the answers', () => {
    const { onSubmit, onStep } = renderForm();
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-12-01' } });
    next();
    expect(heading()).toBe('Étape 2\u00a0sur 4\u00a0: Vos coordonnées');
    expect(onStep).toHaveBeenLastCalledWith(2);
    expect((screen.getByLabelText('Code postal') as HTMLInputElement).value).toBe('69002');
    fireEvent.change(screen.getByLabelText('Immatriculation du véhicule'), { target: { value: 'AB 12' } });
    next();
    expect(screen.getByText('Indiquez votre adresse.')).toBeTruthy();
    expect(screen.getByText(/Indiquez l’immatriculation telle qu’elle figure sur la carte grise/)).toBeTruthy();
    expect(screen.getByText('Indiquez votre nom tel qu’il figure sur votre pièce d’identité.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Léa' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Bernard' } });
    fireEvent.change(screen.getByLabelText('Date de naissance'), { target: { value: '2009-01-01' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '12 34' } });
    fireEvent.change(screen.getByLabelText('Votre adresse'), { target: { value: '12 rue de la République' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    fireEvent.change(screen.getByLabelText('Immatriculation du véhicule'), { target: { value: 'ab-123-cd' } });
    next();
    expect(screen.getByText(/Le souscripteur doit être majeur/)).toBeTruthy();
    expect(screen.getByText(/Indiquez un numéro de téléphone valide/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date de naissance'), { target: { value: '1990-05-04' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '06 12 34 56 78' } });
    next();
    expect(heading()).toBe('Étape 3\u00a0sur 4\u00a0: Paiement');
    fireEvent.click(screen.getByLabelText(/Une fois par an/));
    next();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ startDate: '2026-12-01', city: 'Lyon', registration: 'ab-123-cd', rhythm: 'yearly', switching: false, lastName: 'Bernard', birthDate: '1990-05-04' }));
  });

  it('asks no registration for a home, and no switch for a VTC', () => {
    renderForm('vtc');
    expect(screen.queryByLabelText(/résiliez mon contrat actuel/)).toBeNull();
    cleanup();
    renderForm('home');
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-12-01' } });
    next();
    expect(screen.queryByLabelText('Immatriculation du véhicule')).toBeNull();
  });

  it('prefills the policyholder from the profile', () => {
    render(
      <SubscriptionFormView
        product="home" yearlyCents={30000} monthlyCents={2500} today="2026-11-27" busy={false} errors={{}} onSubmit={vi.fn()}
        initial={initialValues(undefined, '69002', true, { firstName: 'Léa', lastName: 'Bernard', birthDate: '1990-05-04', phone: '0612345678' })}
      />,
    );
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-12-01' } });
    next();
    expect((screen.getByLabelText('Nom') as HTMLInputElement).value).toBe('Bernard');
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('0612345678');
  });

  it('goes back to the step of a field the server refused, with its message', () => {
    const { rerender } = renderForm();
    fireEvent.change(screen.getByLabelText('Date de début du contrat'), { target: { value: '2026-12-01' } });
    next();
    rerender({ startDate: 'Le contrat peut commencer au plus tôt demain.' });
    expect(heading()).toMatch(/^Étape 1/);
    expect(screen.getByText('Le contrat peut commencer au plus tôt demain.')).toBeTruthy();
  });
});
