import { useState } from 'react';
import { ROOM_TEMPLATES } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  addRoomInput,
  addRoomNames,
  copyRooms,
  copySources,
  removeRoom,
  setValveSetting,
  type ConfigDraft,
} from './config-draft';

type Update = (change: (d: ConfigDraft) => ConfigDraft) => void;

/** Radiators: one Room Configuration card per property type. */
export function RadiatorsTab({
  draft,
  errorAt,
  update,
}: {
  draft: ConfigDraft;
  /** The form's message for a path, beside its field. */
  errorAt: (path: string) => string | undefined;
  update: Update;
}) {
  if (draft.availableBuildingTypes.length === 0) {
    return (
      <Card>
        <p className="text-slate-700">
          No property types configured. Add property types in the "Property Types" tab first.
        </p>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {draft.availableBuildingTypes.map((type) => (
        <RoomCard key={type} type={type} draft={draft} errorAt={errorAt} update={update} />
      ))}
    </div>
  );
}

function RoomCard({
  type,
  draft,
  errorAt,
  update,
}: {
  type: string;
  draft: ConfigDraft;
  errorAt: (path: string) => string | undefined;
  update: Update;
}) {
  const [input, setInput] = useState('');
  const rooms = Object.entries(draft.designParameters.radiators[type] ?? {});
  const sources = copySources(draft, type);
  const headingId = `rooms-${type.replace(/[^a-z0-9]/gi, '-')}`;
  const addTyped = () => {
    if (!input.trim()) return;
    update((d) => addRoomInput(d, type, input));
    setInput('');
  };

  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold">
        <span className="mr-2 rounded-md bg-brand-50 px-2 py-0.5 text-brand-800">{type}</span> Room Configuration
      </h3>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label="Apply Room Template">
          <Select
            value=""
            onChange={(e) => {
              const template = ROOM_TEMPLATES.find((t) => t.name === e.target.value);
              if (template) update((d) => addRoomNames(d, type, template.rooms));
            }}
          >
            <option value="">Choose a template</option>
            {ROOM_TEMPLATES.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name} ({t.rooms.length} rooms)
              </option>
            ))}
          </Select>
        </Field>
        {sources.length > 0 ? (
          <Field label="Copy from another type" hint="Replaces this type's rooms.">
            <Select value="" onChange={(e) => e.target.value && update((d) => copyRooms(d, type, e.target.value))}>
              <option value="">Choose a type</option>
              {sources.map((s) => (
                <option key={s.type} value={s.type}>
                  {s.type} ({s.rooms} rooms)
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      <div className="mt-3 flex items-end gap-2">
        <Field label="Add rooms" className="flex-1" hint="Separate rooms with commas.">
          <Input
            value={input}
            placeholder="e.g. Bedroom 2, Bathroom"
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addTyped();
              }
            }}
          />
        </Field>
        <Button onClick={addTyped} className="mb-[1.75rem]" aria-label={`Add rooms to ${type}`}>
          Add
        </Button>
      </div>
      {rooms.length === 0 ? (
        <p className="mt-3 text-slate-700">
          No rooms configured. Use a template, copy from another type, or add rooms manually.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={`${type} rooms`}>
          {rooms.map(([room, design]) => (
            <li key={room} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="font-semibold break-words">{room}</span>
                <Button
                  variant="ghost"
                  size="md"
                  onClick={() => update((d) => removeRoom(d, type, room))}
                  aria-label={`Remove ${room} from ${type}`}
                >
                  Remove
                </Button>
              </div>
              <Field label="Expected Valve Setting" error={errorAt(`designParameters.radiators.${type}.${room}`)}>
                <NumberInput
                  value={design.expectedValveSetting}
                  onValueChange={(v) => update((d) => setValveSetting(d, type, room, v))}
                  aria-label={`${room} expected valve setting`}
                />
              </Field>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
