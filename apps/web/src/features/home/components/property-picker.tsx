import { useEffect, useId, useRef, useState } from 'react';
import type { Property } from '@hiu/domain';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { PROPERTY_PAGE, useProperties } from '../api/sites';

interface PropertyPickerProps {
  siteId: string;
  value: Property | null;
  onChange: (property: Property | null) => void;
}

const DEBOUNCE_MS = 250;

/**
 * A searchable property list (ARIA combobox): type part of the address, pick with tap, arrows and Enter.
 * Give it `key={siteId}` so a new site starts a new search.
 */
export function PropertyPicker({ siteId, value, onChange }: PropertyPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? value.address : '');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const t = window.setTimeout(() => setSearch(value && text === value.address ? '' : text), DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, value]);

  const properties = useProperties(siteId, search);
  const items = properties.data?.items ?? [];
  const total = properties.data?.total ?? 0;
  const disabled = siteId === '';

  const choose = (p: Property) => {
    onChange(p);
    setText(p.address);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (items.length === 0 ? -1 : (i + d + items.length) % items.length));
    } else if (e.key === 'Enter') {
      const p = items[active];
      if (open && p) {
        e.preventDefault();
        choose(p);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      // Leave Home/End to move the caret in the text, as the ARIA combobox pattern allows.
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-semibold text-slate-800">
        Property
      </label>
      <Input
        ref={inputRef}
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open && !disabled}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={disabled ? 'Choose a site first' : 'Search by address'}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className="disabled:bg-slate-100"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {value ? (
          <>
            Selected: <span className="font-semibold text-slate-900">{value.address}</span> ({value.propertyType})
          </>
        ) : disabled ? (
          'Choose a site to see its properties.'
        ) : (
          'Type part of the address, then choose the property.'
        )}
      </p>
      {open && !disabled ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Properties"
          className="absolute top-[4.75rem] right-0 left-0 z-30 max-h-80 overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg"
        >
          {properties.isLoading ? (
            <li role="presentation" className="px-3 py-3 text-slate-600">
              Loading properties...
            </li>
          ) : properties.isError ? (
            <li role="presentation" className="px-3 py-3 text-fail">
              Could not load properties: {properties.error.message}
            </li>
          ) : items.length === 0 ? (
            <li role="presentation" className="px-3 py-3 text-slate-600">
              No property found.
            </li>
          ) : (
            items.map((p, i) => (
              <li
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={value?.id === p.id}
                // Keep focus in the input so the keyboard stays open and blur does not close first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(p)}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center justify-between gap-3 border-b border-slate-100 px-3 py-2 last:border-b-0',
                  i === active ? 'bg-brand-100' : 'hover:bg-slate-50',
                  value?.id === p.id && 'font-semibold',
                )}
              >
                <span className="min-w-0 break-words">{p.address}</span>
                <span className="flex-none rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
                  {p.propertyType}
                </span>
              </li>
            ))
          )}
          {total > items.length && items.length === PROPERTY_PAGE ? (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
              Showing {items.length} of {total}. Type more of the address to narrow the list.
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
