import { ChoiceGroup } from '../../components/choice-group';
import { TextField } from '../../components/text-field';
import { typeset } from '../../lib/format';
import type { FormErrors, NeedsValues } from './price-form';
import type { PriceProduct } from './rates';

/** Why the broker asks, in one line (duty to advise). */

const existingCovers = [
  { value: 'none', label: 'Non, pas encore' },
  { value: 'elsewhere', label: 'Oui, je suis assuré ailleurs' },
];

interface NeedsFieldsProps {
  product: PriceProduct;
  needs: NeedsValues;
  errors: FormErrors;
  onChange: (change: Partial<NeedsValues>) => void;
}

/** The needs of the duty to advise: covers, budget, deductible tolerance, existing cover. */
export function NeedsFields({ product, needs, errors, onChange }: NeedsFieldsProps) {
  const monthly = product.needs.budget === 'monthly';
  return (
    <>
      <ChoiceGroup
        name="prix-besoins" type="checkbox" legend="Ce qui doit être couvert, en plus de la responsabilité civile" error={errors['needs.covers']}
        hint={typeset('Cochez ce qui compte pour vous ; rien si le minimum vous suffit.')}
        options={product.needs.covers.map((c) => ({ value: c.id, label: c.label }))}
        isChecked={(v) => needs.covers.includes(v)}
        onToggle={(v, on) => onChange({ covers: on ? [...needs.covers, v] : needs.covers.filter((c) => c !== v) })}
      />
      <TextField
        id="prix-budget" name="budget" type="text" inputMode="decimal" className="input-short"
        label={monthly ? 'Votre budget par mois, en euros (facultatif)' : 'Votre budget pour toute la période, en euros (facultatif)'}
        value={needs.budget} error={errors['needs.budget']} onChange={(e) => onChange({ budget: e.target.value })}
      />
      <ChoiceGroup
        name="prix-franchise" type="radio" legend="La franchise que vous acceptez" error={errors['needs.deductible']}
        hint="La franchise est la part d’un sinistre qui reste à votre charge."
        options={product.needs.deductibles.map((d) => ({ value: d.id, label: d.label }))}
        isChecked={(v) => needs.deductible === v} onToggle={(v) => onChange({ deductible: v })}
      />
      <ChoiceGroup
        name="prix-contrat" type="radio" legend={typeset('Êtes-vous déjà assuré pour ce risque ?')} error={errors['needs.existingCover']}
        options={existingCovers} isChecked={(v) => needs.existingCover === v} onToggle={(v) => onChange({ existingCover: v })}
      />
    </>
  );
}
