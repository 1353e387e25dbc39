import { useEffect, useState } from 'react';
import {
  bedroomsOf,
  missingForNext,
  packOf,
  roomChecksFor,
  roomSource,
  stepNotApplicable,
  type RadiatorTemps as Temps,
  type RoomCheck,
  type WizardData,
} from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useWizard } from '../state/wizard-provider';
import { NextButton, WizardChrome } from '../components/wizard-chrome';
import { useStep } from '../lib/use-step';
import { RadiatorRoom } from '../components/radiators/radiator-room';
import { AddRoom } from '../components/radiators/add-room';
import { StepNotApplicable } from '../components/radiators/step-not-applicable';
import { RadiatorTemps } from '../components/radiators/radiator-temps';

type Cp1Temps = { radiatorTemps?: Record<string, Temps> };
/** The pack's radiator readings of a check (CP1/TS1 version 3 on), created when first written. */
const tempsOf = (w: WizardData): Record<string, Temps> | undefined => {
  const cp1 = w.cp1 as (WizardData['cp1'] & Cp1Temps) | undefined;
  if (!cp1) return undefined;
  return (cp1.radiatorTemps ??= {});
};

/** What the engineer is told about where the rooms come from (docs/product.md#steps). */
function roomsNotice(source: 'site' | 'type' | 'none', dwellingType: string): string {
  if (source === 'site') return 'Enter the radiator valve setting found in each room.';
  const type = dwellingType.trim() || 'this dwelling type';
  if (source === 'type') {
    const bedrooms = bedroomsOf(dwellingType) ?? 0;
    const flat = bedrooms === 0 ? 'a studio' : `a ${bedrooms}-bedroom flat`;
    return `This site sets no radiator settings for ${type}: these are the rooms ${flat} usually has. Remove any this flat does not have, add any it has, and enter the valve setting found in each.`;
  }
  return `This site sets no radiator settings for ${type}. Add each room of the flat with a radiator and enter its valve setting, or mark the step not applicable.`;
}

export function RadiatorsStep() {
  const { state, update } = useWizard();
  const { step, saveAndContinue } = useStep('radiators');
  const [confirmNotApplicable, setConfirmNotApplicable] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const d = state.wizardData;
  const design = state.siteDesign?.radiators ?? {};
  const rooms = Object.entries(d.radiators.roomChecks);
  const notApplicable = stepNotApplicable(d.radiators);
  const readings = packOf(d).roomReadings === true;
  const temps = (d.cp1 as Cp1Temps | undefined)?.radiatorTemps ?? {};

  // start() prepares the rooms; a check from before that (or one skipped earlier) gets them from the
  // site's radiator design for the dwelling type, else the type's usual rooms.
  useEffect(() => {
    if (rooms.length > 0 || notApplicable) return;
    update((w) => {
      w.radiators.roomChecks = roomChecksFor(design, w.dwellingType);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A room not applicable, or taken off, takes its radiator's readings with it.
  const changeRoom = (room: string, change: Partial<RoomCheck>) =>
    update((w) => {
      const r = w.radiators.roomChecks[room];
      if (r) Object.assign(r, change);
      if (change.notApplicable) delete tempsOf(w)?.[room];
    });
  const removeRoom = (room: string) =>
    update((w) => {
      delete w.radiators.roomChecks[room];
      delete tempsOf(w)?.[room];
    });
  const changeTemps = (room: string, change: Partial<Temps>) =>
    update((w) => {
      const all = tempsOf(w);
      if (all) all[room] = { flow: '', return: '', ...all[room], ...change };
    });
  const addRoom = (room: string) =>
    update((w) => {
      w.radiators.roomChecks[room] = { valveSetting: '', expectedValveSetting: '' };
    });
  // Marking the step not applicable clears its rooms, so the review and the PDF show it as not carried out.
  const markNotApplicable = () =>
    update((w: WizardData) => {
      w.radiators = { roomChecks: {}, notApplicable: true, notApplicableReason: '' };
      const all = tempsOf(w);
      if (all) for (const room of Object.keys(all)) delete all[room];
    });
  const carryOut = () =>
    update((w: WizardData) => {
      w.radiators = { roomChecks: roomChecksFor(design, w.dwellingType) };
    });
  const entered = (r: RoomCheck) => r.valveSetting.trim() !== '' || (r.notApplicableReason ?? '').trim() !== '';
  const anyEntered = rooms.some(
    ([room, r]) => entered(r) || !!temps[room]?.flow.trim() || !!temps[room]?.return.trim(),
  );

  return (
    <WizardChrome
      step={step}
      primary={<NextButton label="Next" missing={missingForNext(4, d)} onClick={saveAndContinue} />}
    >
      {notApplicable ? (
        <StepNotApplicable
          reason={d.radiators.notApplicableReason ?? ''}
          onReason={(reason) =>
            update((w) => {
              w.radiators.notApplicableReason = reason;
            })
          }
          onCarryOut={carryOut}
        />
      ) : (
        <>
          <Card className="space-y-5">
            <p className="text-base text-slate-700">
              {roomsNotice(roomSource(design, d.dwellingType), d.dwellingType)}
            </p>
            {rooms.map(([room, check]) => (
              <RadiatorRoom
                key={room}
                room={room}
                check={check}
                onChange={(change) => changeRoom(room, change)}
                // A room of the site's design is marked not applicable, never taken off the list.
                {...(check.expectedValveSetting.trim() === ''
                  ? { onRemove: () => (entered(check) ? setRemoving(room) : removeRoom(room)) }
                  : {})}
              >
                {readings ? (
                  <RadiatorTemps room={room} temps={temps[room]} onChange={(change) => changeTemps(room, change)} />
                ) : null}
              </RadiatorRoom>
            ))}
            <AddRoom rooms={rooms.map(([room]) => room)} onAdd={addRoom} />
          </Card>
          <Button
            variant="secondary"
            size="lg"
            className="mt-4 w-full"
            onClick={() => (anyEntered ? setConfirmNotApplicable(true) : markNotApplicable())}
          >
            Step not applicable
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirmNotApplicable}
        onOpenChange={setConfirmNotApplicable}
        title="Mark the tertiary system checks not applicable?"
        description="The valve settings entered on this step will be cleared. You then say why the step is not applicable, and the report prints it."
        confirmLabel="Mark not applicable"
        destructive
        onConfirm={() => {
          setConfirmNotApplicable(false);
          markNotApplicable();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing ?? 'the room'}?`}
        description="What was entered for this room will be cleared. Remove a room only when the flat does not have it."
        confirmLabel="Remove room"
        destructive
        onConfirm={() => {
          if (removing) removeRoom(removing);
          setRemoving(null);
        }}
      />
    </WizardChrome>
  );
}
