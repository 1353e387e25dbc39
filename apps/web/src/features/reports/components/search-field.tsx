import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

const DEBOUNCE_MS = 250;

/** The table's search: reports its text once the user pauses typing (each search is a server call). */
export function SearchField({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
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
