import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/** Property Types: add with the button or Enter, remove (which removes its rooms). */
export function PropertyTypesTab({
  types,
  onAdd,
  onRemove,
  error,
}: {
  types: string[];
  /** Returns whether the input should be cleared (it was added). */
  onAdd: (input: string) => boolean;
  onRemove: (type: string) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const add = () => {
    if (onAdd(input)) setInput('');
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-2">
        <Field
          label="New property type"
          className="flex-1"
          hint="Each new type starts with Hall, Living Room, Kitchen and Bedroom 1."
        >
          <Input
            value={input}
            maxLength={40}
            placeholder="e.g. 1b2p, 2b4p, 3b5p"
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button onClick={add} className="mb-[1.75rem]">
          Add
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-fail">
          {error}
        </p>
      ) : null}
      {types.length === 0 ? (
        <Card>
          <p className="text-slate-700">No property types configured. Add some to get started.</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Property types">
          {types.map((t) => (
            <li key={t}>
              <Card className="flex items-center justify-between gap-3 py-2">
                <span className="font-semibold break-all">{t}</span>
                <Button variant="ghost" onClick={() => onRemove(t)} aria-label={`Remove ${t}`}>
                  Remove
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
