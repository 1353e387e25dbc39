import { useEffect, useState } from 'react';
import { Field } from './field';
import { Input } from './input';

const DEBOUNCE_MS = 250;

/** A search field that reports its text after the user pauses typing (each search is a server call). */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  initial = '',
}: {
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
  initial?: string;
}) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    const t = window.setTimeout(() => onSearch(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, onSearch]);
  return (
    <Field label={label}>
      <Input
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
    </Field>
  );
}
