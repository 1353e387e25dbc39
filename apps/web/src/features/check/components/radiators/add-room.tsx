import { useState } from 'react';
import { NO_ROOMS_MISSING, ROOM_NAME_MAX, roomNameProblem } from '@hiu/domain';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';

/** Adds a room the flat has to step 4, by the name the engineer types; a blank or repeated name is said why. */
export function AddRoom({ rooms, onAdd }: { rooms: readonly string[]; onAdd: (room: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const problem = roomNameProblem(rooms, name);
    setError(problem);
    if (problem) return;
    onAdd(name.trim());
    setName('');
  };
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        add();
      }}
    >
      <Field
        label={NO_ROOMS_MISSING}
        hint="A room with a radiator, as the flat names it: Bathroom, Study"
        error={error ?? undefined}
        action={
          <Button type="submit" variant="secondary">
            Add
          </Button>
        }
      >
        <Input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(null);
          }}
          maxLength={ROOM_NAME_MAX + 20}
          autoComplete="off"
          enterKeyHint="done"
          data-testid="add-room-name"
        />
      </Field>
    </form>
  );
}
