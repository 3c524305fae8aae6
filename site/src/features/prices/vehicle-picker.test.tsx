import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { Vehicle } from './api';
import { searchDelayMs, VehiclePicker } from './vehicle-picker';

const v208: Vehicle = {
  id: 'peugeot-208-12-puretech-100', kind: 'car', make: 'Peugeot', model: '208', version: '1.2 PureTech 100 Active',
  energy: 'essence', fiscalPower: 5, powerKw: 74, valueNewCents: 2150000, fromYear: 2019, body: 'citadine',
};
const v208e: Vehicle = { ...v208, id: 'peugeot-e-208', version: 'e-208 136', energy: 'electrique', fiscalPower: 1 };
const clio3: Vehicle = {
  id: 'renault-clio-3-15-dci-85', kind: 'car', make: 'Renault', model: 'Clio', generation: 'III', version: '1.5 dCi 85',
  energy: 'diesel', fiscalPower: 5, powerKw: 63, valueNewCents: 1650000, fromYear: 2005, toYear: 2012, body: 'citadine',
};

let fetchMock: ReturnType<typeof vi.fn>;

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function Harness({ onChange, onDescribe }: { onChange: (v: Vehicle | null) => void; onDescribe?: () => void }) {
  const [value, setValue] = useState<Vehicle | null>(null);
  return <VehiclePicker kind="car" label="Votre voiture" value={value} onChange={(v) => { setValue(v); onChange(v); }} onDescribe={onDescribe} />;
}

async function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(searchDelayMs + 10);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VehiclePicker', () => {
  it('is a combobox that searches after a pause, with what was typed', async () => {
    answer([v208, v208e]);
    render(<Harness onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Votre voiture' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: '2' } });
    await act(async () => { await vi.advanceTimersByTimeAsync(searchDelayMs + 10); });
    expect(fetchMock).not.toHaveBeenCalled(); // one letter is not enough
    await type(input, '208');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/vehicles?kind=car&q=208');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Peugeot 208 1.2 PureTech 100 Active — essence, 5\u00a0CV depuis 2019',
      'Peugeot 208 e-208 136 — électrique, 1\u00a0CV depuis 2019',
    ]);
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
  });

  it('asks once for quick typing', async () => {
    answer([v208]);
    render(<Harness onChange={() => {}} />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: '20' } });
    await act(async () => { await vi.advanceTimersByTimeAsync(50); });
    await type(input, '208');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrows, chooses with Enter and shows the choice', async () => {
    answer([v208, v208e]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox');
    await type(input, '208');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(v208);
    expect((input as HTMLInputElement).value).toBe('Peugeot 208 1.2 PureTech 100 Active — essence, 5\u00a0CV');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses with a click too', async () => {
    answer([v208, v208e]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await type(screen.getByRole('combobox'), 'peugeot');
    fireEvent.click(screen.getAllByRole('option')[1]!);
    expect(onChange).toHaveBeenLastCalledWith(v208e);
  });

  it('closes with Escape, then clears', async () => {
    answer([v208]);
    render(<Harness onChange={() => {}} />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    await type(input, '208');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('208');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('says when nothing matches', async () => {
    answer([]);
    render(<Harness onChange={() => {}} />);
    await type(screen.getByRole('combobox'), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Aucun véhicule ne correspond à «\u00a0zzz\u00a0». Essayez la marque et le modèle, par exemple «\u00a0clio\u00a0» ou «\u00a0208\u00a0».');
  });

  it('says when the search fails', async () => {
    answer({ error: 'Trop de demandes.' }, 429);
    render(<Harness onChange={() => {}} />);
    await type(screen.getByRole('combobox'), 'clio');
    expect(screen.getByRole('status').textContent).toBe('La recherche n’a pas abouti. Trop de demandes. Réessayez dans un instant.');
  });

  it('forgets the vehicle when the text changes', async () => {
    answer([v208]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox');
    await type(input, '208');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    answer([]);
    await type(input, 'Peugeot 208 1.2');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says the generation and the years of each result', async () => {
    answer([clio3, { ...clio3, id: 'clio-5', generation: undefined, model: 'Clio', version: 'TCe 90', fromYear: 2019, toYear: undefined }]);
    render(<Harness onChange={() => {}} />);
    await type(screen.getByRole('combobox'), 'clio');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.querySelector('small')?.textContent)).toEqual(['2005–2012', 'depuis 2019']);
    expect(options.map((o) => o.firstChild?.textContent)).toEqual(['Renault Clio III 1.5 dCi 85 — diesel, 5\u00a0CV', 'Renault Clio TCe 90 — diesel, 5\u00a0CV']);
  });

  it('offers « Mon véhicule n’est pas dans la liste » when the journey takes a vehicle described', async () => {
    const onDescribe = vi.fn();
    render(<Harness onChange={() => {}} onDescribe={onDescribe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mon véhicule n’est pas dans la liste' }));
    expect(onDescribe).toHaveBeenCalledTimes(1);
    cleanup();
    render(<Harness onChange={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
