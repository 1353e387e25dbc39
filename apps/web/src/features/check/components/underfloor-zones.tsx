import { useState } from 'react';
import { MAX_ZONES, ZONE_FLOW, type UnderfloorZone } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { useWizard } from '../state/wizard-provider';

type Cp1 = { underfloorZones?: UnderfloorZone[] };

/** Each underfloor zone's flow, read on its manifold with the heating running (CP1/TS1 version 3 on). */
export function UnderfloorZones() {
  const { state, update } = useWizard();
  const [removing, setRemoving] = useState<number | null>(null);
  const zones = ((state.wizardData.cp1 ?? {}) as Cp1).underfloorZones ?? [];
  const change = (edit: (zones: UnderfloorZone[]) => void) =>
    update((w) => {
      const cp1 = w.cp1 as (typeof w.cp1 & Cp1) | undefined;
      if (!cp1) return;
      cp1.underfloorZones ??= [];
      edit(cp1.underfloorZones);
    });
  const limits = `${ZONE_FLOW.limits.min} to ${ZONE_FLOW.limits.max} ${ZONE_FLOW.unit}`;
  return (
    <section aria-labelledby="underfloor-zones" className="space-y-3">
      <h3 id="underfloor-zones" className="text-base font-semibold text-slate-900">
        Underfloor zones
      </h3>
      <p className="text-sm text-slate-600">
        Each zone's flow on the manifold's meter, if the flat has underfloor heating.
      </p>
      {zones.map((zone, i) => (
        <div key={i} className="space-y-2 rounded-lg border border-slate-200 p-3" data-zone={i}>
          <Field
            label={`Zone ${i + 1} name`}
            error={!zone.name.trim() && zone.flowRate.trim() ? 'Name the zone' : undefined}
          >
            <Input
              value={zone.name}
              onChange={(e) => change((z) => void (z[i]!.name = e.target.value))}
              maxLength={80}
              data-testid={`zone-name-${i}`}
            />
          </Field>
          <Field label={`Zone ${i + 1} flow`} hint={limits}>
            <NumberInput
              value={zone.flowRate}
              onValueChange={(v) => change((z) => void (z[i]!.flowRate = v))}
              unit={ZONE_FLOW.unit}
              data-testid={`zone-flow-${i}`}
            />
          </Field>
          <Button
            variant="ghost"
            size="sm"
            // A zone with a flow read asks first: the reading goes with it.
            onClick={() => (zone.flowRate.trim() ? setRemoving(i) : change((z) => void z.splice(i, 1)))}
          >
            Remove zone {i + 1}
          </Button>
        </div>
      ))}
      {zones.length < MAX_ZONES ? (
        <Button
          variant="secondary"
          onClick={() => change((z) => void z.push({ name: `Zone ${z.length + 1}`, flowRate: '' }))}
        >
          Add a zone
        </Button>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove zone ${(removing ?? 0) + 1}?`}
        description="Its name and flow will be cleared from the check."
        confirmLabel="Remove zone"
        destructive
        onConfirm={() => {
          const at = removing;
          setRemoving(null);
          if (at !== null) change((z) => void z.splice(at, 1));
        }}
      />
    </section>
  );
}
