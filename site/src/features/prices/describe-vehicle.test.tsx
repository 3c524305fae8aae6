import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describer, type Describer } from './describe-vehicle';
import type { FormErrors, FormValues } from './price-form';
import { typeset } from '../../lib/format';

const today = new Date(2026, 10, 20);

/** A 2006 Clio described by its owner, as typed. */
const clio: FormValues = {
  vehicleMake: 'Renault', vehicleModel: 'Clio', vehicleYear: '2006', vehicleEnergy: 'diesel', vehicleFiscalPower: '5',
  vehicleValueKind: 'new', vehicleValueCents: '15 000',
};

/** A 2010 XJ6 bought 4 000 €. */
const bike: FormValues = {
  vehicleMake: 'Yamaha', vehicleModel: 'XJ6', vehicleYear: '2010', vehicleEnergy: 'essence', vehicleCc: '600', vehicleLicence: 'A2',
  vehicleValueKind: 'paid', vehicleValueCents: '4000',
};

afterEach(cleanup);

describe('the characteristics of a vehicle not in the catalogue', () => {
  it.each([
    ['a 2006 Clio', 'car', {}],
    ['30 years old', 'car', { vehicleYear: '1996' }],
    ['an electric car of 1 CV', 'car', { vehicleEnergy: 'electrique', vehicleFiscalPower: '1' }],
    ['a make with an accent', 'temp', { vehicleMake: 'Citroën', vehicleModel: 'C4 Grand-Picasso' }],
    ['a VTC', 'vtc', {}],
    ['a bike', 'moto', {}],
    ['a 50 cm³ scooter on AM', 'moto', { vehicleCc: '50', vehicleLicence: 'AM' }],
    ['an electric scooter', 'moto', { vehicleEnergy: 'electrique', vehicleCc: '', vehicleLicence: 'A1' }],
  ] as const)('accepts %s', async (_, product, change) => {
    const d = await describer(product);
    expect(d.check({ ...(product === 'moto' ? bike : clio), ...change }, today)).toEqual({});
  });

  it.each([
    ['no year', 'car', { vehicleYear: '' }, 'vehicleYear', 'Indiquez l’année de première mise en circulation (case B de la carte grise), entre 1996 et 2026.'],
    ['31 years old', 'car', { vehicleYear: '1995' }, 'vehicleYear', 'entre 1996 et 2026'],
    ['no make', 'car', { vehicleMake: '  ' }, 'vehicleMake', 'la marque de votre véhicule'],
    ['a make of dashes', 'car', { vehicleMake: '--' }, 'vehicleMake', 'la marque de votre véhicule'],
    ['a model of 41 letters', 'car', { vehicleModel: 'é'.repeat(41) }, 'vehicleModel', '40\u00a0caractères au plus'],
    ['no energy', 'car', { vehicleEnergy: '' }, 'vehicleEnergy', 'l’énergie de votre voiture'],
    ['61 CV', 'car', { vehicleFiscalPower: '61' }, 'vehicleFiscalPower', 'entre 1 et 60\u00a0CV'],
    ['a 2 CV diesel', 'car', { vehicleFiscalPower: '2' }, 'vehicleFiscalPower', 'Une voiture diesel a de 3 à 60\u00a0CV\u00a0: vérifiez la puissance fiscale (case P.6 de la carte grise).'],
    ['no kind of amount', 'car', { vehicleValueKind: '' }, 'vehicleValueKind', 'la valeur à neuf ou le prix payé'],
    ['499 €', 'car', { vehicleValueCents: '499' }, 'vehicleValueCents', 'entre 500 et 300\u202f000\u00a0€'],
    ['no cc', 'moto', { vehicleCc: '' }, 'vehicleCc', 'entre 1 et 2\u202f500\u00a0cm³'],
    ['an electric bike with a cc', 'moto', { vehicleEnergy: 'electrique' }, 'vehicleCc', 'Un deux-roues électrique n’a pas de cylindrée\u00a0: laissez ce champ vide.'],
    ['a 600 on A1', 'moto', { vehicleLicence: 'A1' }, 'vehicleLicence', 'Un deux-roues de 600\u00a0cm³ se conduit avec le permis A2 ou A\u00a0: choisissez-le.'],
    ['a 125 on A2', 'moto', { vehicleCc: '125' }, 'vehicleLicence', 'le permis A1\u00a0:'],
  ] as const)('refuses %s with the engine’s message', async (_, product, change, field, message) => {
    const d = await describer(product);
    const errors = d.check({ ...(product === 'moto' ? bike : clio), ...change }, today);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(message);
  });

  it('sends the answers as the API reads them, and names the vehicle', async () => {
    const car = await describer('car');
    expect(car.answers(clio)).toEqual({
      vehicleMake: 'Renault', vehicleModel: 'Clio', vehicleEnergy: 'diesel', vehicleFiscalPower: 5, vehicleValueKind: 'new', vehicleValueCents: 1500000,
    });
    expect(car.subject(clio)).toBe('Renault Clio 2006 — diesel, 5\u00a0CV');
    const moto = await describer('moto');
    expect(moto.answers({ ...bike, vehicleEnergy: 'electrique', vehicleCc: '' })).not.toHaveProperty('vehicleCc');
    expect(moto.subject(bike)).toBe('Yamaha XJ6 2010 — essence, 600\u00a0cm³');
  });
});

function Harness({ d, errors = {}, onBack = () => {} }: { d: Describer; errors?: FormErrors; onBack?: () => void }) {
  const [values, setValues] = useState<FormValues>({});
  return (
    <>
      <d.Form values={values} errors={errors} onChange={(k, v) => setValues((p) => ({ ...p, [k]: v }))} onBack={onBack} />
      <output data-testid="values">{JSON.stringify(d.answers(values))}</output>
    </>
  );
}

describe('DescribeVehicle', () => {
  it('asks a car’s characteristics, labelled, the make first in focus', async () => {
    render(<Harness d={await describer('car')} />);
    expect(screen.getByRole('group', { name: 'Les caractéristiques de votre véhicule' })).toBeTruthy();
    const make = screen.getByRole('textbox', { name: 'Marque' });
    expect(document.activeElement).toBe(make);
    fireEvent.change(make, { target: { value: 'Renault' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Modèle' }), { target: { value: 'Clio' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Année de première mise en circulation' }), { target: { value: '2006' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Énergie' }), { target: { value: 'diesel' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Puissance fiscale (CV)' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Le prix que vous l’avez payé' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Montant (en euros)' }), { target: { value: '3 000' } });
    expect(JSON.parse(screen.getByTestId('values').textContent ?? '')).toEqual({
      vehicleMake: 'Renault', vehicleModel: 'Clio', vehicleEnergy: 'diesel', vehicleFiscalPower: 5, vehicleValueKind: 'paid', vehicleValueCents: 300000,
    });
    expect(screen.queryByRole('textbox', { name: /Cylindrée/ })).toBeNull();
  });

  it('asks a motorbike’s displacement and licence, not its fiscal power', async () => {
    render(<Harness d={await describer('moto')} />);
    expect(screen.getByRole('textbox', { name: 'Cylindrée (cm³)' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Permis qu’il demande' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Puissance fiscale/ })).toBeNull();
  });

  it('shows each error with its question, and goes back to the list', async () => {
    const onBack = vi.fn();
    render(<Harness d={await describer('car')} errors={{ vehicleFiscalPower: 'Une voiture diesel a de 3 à 60\u00a0CV.' }} onBack={onBack} />);
    const power = screen.getByRole('textbox', { name: 'Puissance fiscale (CV)' });
    expect(power.getAttribute('aria-invalid')).toBe('true');
    const described = power.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(typeset('Une voiture diesel a de 3 à 60\u00a0CV.'));
    fireEvent.click(screen.getByRole('button', { name: 'Revenir à la liste des véhicules' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
