import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RiskSection } from './risk-section';
import { sample } from './test-fixtures';

afterEach(cleanup);

describe('RiskSection', () => {
  it('flags a vehicle the client described, not one of the catalogue', () => {
    render(<RiskSection contract={{ ...sample, risk: { ...sample.risk, vehicle: { make: 'Lada', model: 'Niva', version: '', registration: 'AB-123-CD' }, vehicleDescribed: true } }} />);
    expect(document.body.textContent).toContain('VéhiculeLada Niva · véhicule hors catalogue, décrit par le client');
    cleanup();
    render(<RiskSection contract={sample} />);
    expect(document.body.textContent).toContain('VéhiculePeugeot 208 1.2 PureTech 100Immatriculation');
  });
});
