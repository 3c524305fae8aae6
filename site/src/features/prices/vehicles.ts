import type { Vehicle } from './api';

const energies: Record<string, string> = {
  essence: 'essence',
  diesel: 'diesel',
  hybride: 'hybride',
  'hybride-rechargeable': 'hybride rechargeable',
  electrique: 'électrique',
  'gpl-e85': 'GPL ou E85',
};

/** A vehicle's energy in French. */
export function energyLabel(energy: string): string {
  return energies[energy] ?? energy;
}

/** A vehicle as a person names it: « Renault Clio III 1.5 dCi 85 Expression — diesel, 5 CV ». */
export function vehicleLabel(v: Vehicle): string {
  const model = v.generation ? `${v.model} ${v.generation}` : v.model;
  return `${v.make} ${model} ${v.version} — ${energyLabel(v.energy)}, ${v.fiscalPower}\u00a0CV`;
}
