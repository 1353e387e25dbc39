import { useCallback, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useSite, useSiteList } from '../api/sites';
import { SearchBox } from '../../../components/ui/search-box';

/** How many sites the dropdown lists at once; with more, the admin narrows them by typing. */
const PICKER_LIMIT = 100;

/**
 * Choose a site: the Select lists sites by name (docs/product.md#admin-panel); with hundreds of sites a search box
 * above it narrows the list on the server, so no screen loads every site.
 */
export function SitePicker({
  value,
  onChange,
  label = 'Select Site',
}: {
  value: string;
  onChange: (id: string) => void;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  const onSearch = useCallback((q: string) => setSearch(q), []);
  const list = useSiteList(search, 0, PICKER_LIMIT);
  const selected = useSite(value);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const options = selected.data && !items.some((s) => s.id === value) ? [selected.data, ...items] : items;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="sm:w-2/5">
        <SearchBox label="Search sites" placeholder="Name or location" onSearch={onSearch} />
      </div>
      <Field
        label={label}
        className="sm:flex-1"
        hint={
          list.isLoading
            ? 'Loading sites...'
            : total > items.length
              ? `Showing ${items.length} of ${total.toLocaleString('en-GB')} sites. Type in the search box to find others.`
              : search && total === 0
                ? 'No site matches your search.'
                : undefined
        }
      >
        <Select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose a site</option>
          {options.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.location})
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
