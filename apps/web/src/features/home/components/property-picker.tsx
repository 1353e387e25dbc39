import { useEffect, useId, useRef, useState } from 'react';
import { PROPERTY_STATUS_LABELS, type PropertyWithStatus } from '@hiu/domain';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';
import { PROPERTY_PAGE, useProperties } from '../api/sites';
import { PropertyStatusBadge } from '../../../components/property-status-badge';
import { problemWords } from '../../../lib/problem-words';

interface PropertyPickerProps {
  siteId: string;
  value: PropertyWithStatus | null;
  onChange: (property: PropertyWithStatus | null) => void;
}

const DEBOUNCE_MS = 250;

/** The picker's filters: what an engineer working through a block looks for next. */
const FILTERS = [
  { value: undefined, label: 'All' },
  { value: 'not_started', label: PROPERTY_STATUS_LABELS.not_started },
  { value: 'failed', label: PROPERTY_STATUS_LABELS.failed },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

/** What starting a check means for the chosen property, beside its status. */
function selectedNote(p: PropertyWithStatus): string | null {
  if (p.status === 'in_progress') {
    return 'A check of this property is saved as a draft (by you or a colleague); yours are under Today.';
  }
  if (p.status === 'not_started') return null;
  return 'Starting a check adds a new report; the earlier reports are kept.';
}

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
  const [filter, setFilter] = useState<Filter>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A filter opens the list without focusing the box (no keyboard popping up); a tap elsewhere closes it.
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useEffect(() => {
    const t = window.setTimeout(() => setSearch(value && text === value.address ? '' : text), DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, value]);

  const properties = useProperties(siteId, search, filter);
  const items = properties.data?.items ?? [];
  const total = properties.data?.total ?? 0;
  const disabled = siteId === '';

  const choose = (p: PropertyWithStatus) => {
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

  const filterLabel = FILTERS.find((f) => f.value === filter)?.label;
  const note = value ? selectedNote(value) : null;

  return (
    <div ref={rootRef} className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-semibold text-slate-800">
        Property
      </label>
      <div role="group" aria-label="Show properties" className="mb-1 flex gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={filter === f.value}
            disabled={disabled}
            // Like the options: a tap keeps focus (and the list) in the search box instead of blurring it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setFilter(f.value);
              setActive(-1);
              setOpen(true);
            }}
            className={cn(
              'min-h-12 flex-auto rounded-lg border px-3 text-base font-semibold whitespace-nowrap disabled:cursor-not-allowed disabled:text-slate-400',
              filter === f.value
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>
      <div className="relative">
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
        {open && !disabled ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={filterLabel && filter ? `Properties: ${filterLabel}` : 'Properties'}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg"
          >
            {properties.isLoading ? (
              <li role="presentation" className="px-3 py-3 text-slate-600">
                Loading properties...
              </li>
            ) : properties.isError ? (
              <li role="presentation" className="px-3 py-3 text-fail">
                {problemWords(properties.error, 'the properties').sentence}
              </li>
            ) : items.length === 0 ? (
              <li role="presentation" className="px-3 py-3 text-slate-600">
                No property found.{filter ? ` Showing only ${filterLabel}: choose All to see every property.` : ''}
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
                    'grid min-h-12 cursor-pointer grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 border-b border-slate-100 px-3 py-2 last:border-b-0',
                    i === active ? 'bg-brand-100' : 'hover:bg-slate-50',
                    value?.id === p.id && 'font-semibold',
                  )}
                >
                  {/* Address and type first (the option's name reads as the spec has it), then the status. */}
                  <span className="min-w-0 break-words">{p.address}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">{p.propertyType}</span>
                  <PropertyStatusBadge status={p.status} className="justify-self-start" />
                </li>
              ))
            )}
            {total > items.length && items.length === PROPERTY_PAGE ? (
              <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
                Showing {items.length} of {total}
                {filter ? ` ${filterLabel?.toLowerCase()}` : ''}. Type more of the address to narrow the list.
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div id={`${id}-hint`} className="text-sm text-slate-600">
        {value ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>
                Selected: <span className="font-semibold text-slate-900">{value.address}</span> ({value.propertyType})
              </span>
              <PropertyStatusBadge status={value.status} />
            </p>
            {note ? <p className="mt-1 text-slate-700">{note}</p> : null}
          </>
        ) : disabled ? (
          <p>Choose a site to see its properties.</p>
        ) : (
          <p>Type part of the address, or choose a filter, then choose the property.</p>
        )}
      </div>
    </div>
  );
}
