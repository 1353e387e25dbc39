import { formatDate, isoDay, type PropertyAssignment, type PropertyWithStatus, type Witness } from '@hiu/domain';
import { PropertyStatusBadge } from '../../components/property-status-badge';
import { Button } from '../../components/ui/button';

/**
 * One flat on Assign flats (docs/product.md#assignment): its tick box, address and type, status, who has it
 * and by when (a date that has passed on a flat not yet approved says Overdue), and its witness.
 */
export function FlatCard({
  flat,
  assignment,
  witness,
  selected,
  onSelect,
  onWitness,
}: {
  flat: PropertyWithStatus;
  assignment: PropertyAssignment | undefined;
  witness: Witness | undefined;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onWitness: () => void;
}) {
  const overdue = !!assignment?.dueDate && assignment.dueDate < isoDay(new Date()) && flat.status !== 'passed';
  const witnessText = witness ? `${witness.name} (${witness.role})` : 'Mark';
  return (
    <li className="flex gap-2 rounded-lg border border-slate-200 bg-white p-2" data-flat={flat.address}>
      <label className="flex size-11 flex-none items-center justify-center">
        <input
          type="checkbox"
          className="size-6"
          aria-label={`Select ${flat.address}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </label>
      <div className="min-w-0 flex-1 space-y-1 py-1">
        <p className="font-semibold break-words text-slate-900">
          {flat.address} <span className="text-sm font-normal text-slate-600">({flat.propertyType})</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <PropertyStatusBadge status={flat.status} />
          <span className="text-slate-800">
            {assignment ? assignment.engineerName : <span className="text-slate-600">Nobody assigned</span>}
          </span>
          {assignment?.dueDate ? (
            <span className={overdue ? 'font-semibold text-fail' : 'text-slate-800'}>
              {overdue ? 'Overdue: ' : ''}due {formatDate(assignment.dueDate)}
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          Witnessed:
          {/* The visible words start the name, so speech control finds the button by them. */}
          <Button
            variant="ghost"
            size="sm"
            onClick={onWitness}
            aria-label={`${witnessText}, witness of ${flat.address}`}
          >
            {witnessText}
          </Button>
        </div>
      </div>
    </li>
  );
}
