import { describe, expect, it } from 'vitest';
import file from '../../../../pkg/pricing/rates.json';
import { ipidSections } from './ipid-sections';
import { hasDepartment } from './price-check';
import { insurers, loadPriceForm, loadPriceProduct, priceForm, priceProduct, priceProductIds } from './rates';
import { typesetAll } from '../../lib/format';
import type { DescribeRules } from './describe-vehicle';

/** The types of the questions that describe a vehicle not in the catalogue: asked apart (describe-vehicle.tsx). */
const described = ['vehicleText', 'vehicleChoice', 'vehicleInt', 'vehicleCents'];

/**
 * A product's questions as the site reads them: without the law behind a
 * bound (`source`), which no page shows, nor the characteristics of a
 * vehicle not in the catalogue, loaded with their own form.
 */
const questionsOf = (whole: Record<string, unknown>) =>
  typesetAll((whole.form as Record<string, unknown>[]).filter((q) => !described.includes(q.type as string)).map(({ source: _s, ...q }) => q));

describe('the rating file as the site reads it', () => {
  it('has no product before its page loads it', () => {
    expect(() => priceProduct('temp')).toThrow(/not loaded/);
  });

  it.each(priceProductIds)('loads the form of %s alone for its journey: the questions, not the formulas', async (id) => {
    expect(() => priceForm(id)).toThrow(/not loaded/);
    const form = await loadPriceForm(id);
    expect(priceForm(id)).toBe(form);
    const whole = file.products[id] as Record<string, unknown>;
    expect(form.form).toEqual(questionsOf(whole));
    expect(JSON.stringify(form.form)).not.toContain('"source"');
    // The needs come with the rest of the product, from the second step on.
    expect(form).not.toHaveProperty('needs');
    expect(form.label).toBe(typesetAll(whole.label));
    for (const key of ['formulas', 'ipid', 'factors', 'parts', 'taxes']) {
      expect(whole).toHaveProperty(key);
      expect(form).not.toHaveProperty(key);
    }
    // The form alone does not make the product whole.
    expect(() => priceProduct(id)).toThrow(/not loaded/);
  });

  it.each(priceProductIds)('loads %s as the file has it, without premiums, factors or taxes', async (id) => {
    const product = await loadPriceProduct(id);
    expect(priceProduct(id)).toBe(product);
    const whole = file.products[id] as Record<string, unknown>;
    for (const key of ['factors', 'parts', 'taxes']) {
      expect(whole).toHaveProperty(key);
      expect(product).not.toHaveProperty(key);
    }
    expect(product.form).toEqual(questionsOf(whole));
    expect(product.needs).toEqual(typesetAll(whole.needs));
    expect(product.formulas).toEqual(typesetAll(whole.formulas));
    expect(product.ipid).toEqual(typesetAll(whole.ipid));
  });

  it.each(['car', 'moto', 'vtc', 'temp'] as const)('loads the characteristics of a %s not in the catalogue apart, with their rules', async (id) => {
    const views = {
      car: () => import('../../../../pkg/pricing/rates.json?describe-car'),
      moto: () => import('../../../../pkg/pricing/rates.json?describe-moto'),
      vtc: () => import('../../../../pkg/pricing/rates.json?describe-vtc'),
      temp: () => import('../../../../pkg/pricing/rates.json?describe-temp'),
    };
    const describe = (await views[id]()).describe as DescribeRules;
    const whole = file.products[id] as { form: { type: string }[] };
    expect(describe.fields).toEqual(whole.form.filter((q) => described.includes(q.type)));
    expect(describe.fields.map((f) => f.key)).toContain(id === 'moto' ? 'vehicleCc' : 'vehicleFiscalPower');
    expect(describe.maxAge).toBe(file.describedVehicle.maxAge);
    expect(describe.fiscalPower.diesel).toEqual([file.describedVehicle.carKw.energies.diesel.minFiscalPower, file.describedVehicle.carKw.energies.diesel.maxFiscalPower]);
  });

  it('keeps the insurers\' names and ids, not their tables', () => {
    expect(insurers).toEqual(typesetAll(file.insurers.map(({ id, name }) => ({ id, name }))));
    expect(JSON.stringify(insurers)).not.toContain('monthlySurcharge');
  });

  it('knows every department of the file and the nine IPID sections', () => {
    for (const code of ['75001', '20000', '20200', '97400']) expect(hasDepartment(code)).toBe(true);
    expect(hasDepartment('99000')).toBe(false);
    expect(ipidSections.map((s) => s.key)).toEqual(Object.keys(file.ipidSections));
  });
});
