import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { ownValueCount, type ConfigDraft } from './config-draft';

/** The choice of Values for that means the site's own values, which every type without its own takes. */
export const SITE_VALUES = '';

/**
 * Values for: the site's values, or one property type's own (docs/product.md#values-per-property-type), with how
 * many values that type has of its own.
 */
export function ValuesFor({
  draft,
  value,
  onChange,
}: {
  draft: ConfigDraft;
  value: string;
  onChange: (type: string) => void;
}) {
  const types = draft.availableBuildingTypes ?? [];
  if (types.length === 0) return null;
  const own = value === SITE_VALUES ? 0 : ownValueCount(draft, value);
  return (
    <div className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <Field
        label="Values for"
        hint={
          value === SITE_VALUES
            ? 'Every property type without a value of its own takes these.'
            : `${value} has ${own === 0 ? 'no values' : own === 1 ? '1 value' : `${own} values`} of its own; an empty box takes the site's value, shown in grey.`
        }
      >
        <Select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value={SITE_VALUES}>The site (all property types)</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t} only
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
