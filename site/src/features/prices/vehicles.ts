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

/** A vehicle as a person names it: « Peugeot 208 1.2 PureTech 100 Active — essence, 5 CV ». */
export function vehicleLabel(v: Vehicle): string {
  return `${v.make} ${v.model} ${v.version} — ${energyLabel(v.energy)}, ${v.fiscalPower}\u00a0CV`;
}
