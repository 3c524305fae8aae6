import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RepricingNotice } from './repricing-notice';

afterEach(cleanup);

const repricing = {
  fromYearlyCents: 78331, fromMonthlyCents: 6658, toYearlyCents: 88520, toMonthlyCents: 7524, diffYearlyCents: 10189,
  changes: [['Code postal du lieu de stationnement', '69002', '13001']] as [string, string, string][],
  removed: ['× zone géographique (zone 5, Rhône) : 1,22'], added: ['× zone géographique (zone 6, Bouches-du-Rhône) : 1,38'], startDate: '2026-12-17',
};

describe('RepricingNotice', () => {
  it('shows the price chosen, the new one, the difference, what changed and the trace', () => {
    render(<RepricingNotice repricing={repricing} />);
    const region = screen.getByRole('region', { name: 'Votre prix a été recalculé' });
    const text = region.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('783,31 € par an');
    expect(text).toContain('885,20 € par an');
    expect(text).toContain('+101,89 € par an');
    expect(text).toContain('Code postal du lieu de stationnement : 69002 → 13001');
    expect(region.querySelector('del')?.textContent).toContain('zone 5');
    expect(region.querySelector('ins')?.textContent).toContain('zone 6');
    expect(text).toContain('17 décembre 2026');
  });

  it('says a lower price with a minus sign, and a start date alone without changes', () => {
    render(<RepricingNotice repricing={{ ...repricing, toYearlyCents: 70000, diffYearlyCents: -8331, changes: [] }} />);
    const region = screen.getByRole('region', { name: 'Votre prix a été recalculé' });
    expect(region.textContent?.replace(/\s/g, ' ')).toContain('\u221283,31 € par an');
    expect(screen.queryByRole('heading', { name: 'Ce qui a changé' })).toBeNull();
  });
});
