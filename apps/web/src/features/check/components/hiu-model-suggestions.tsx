import { useQuery } from '@tanstack/react-query';
import type { SiteHiuModels } from '@hiu/domain';
import { cn } from '../../../components/ui/cn';

const SHOWN = 6;

/**
 * The models already recorded on this site as one-tap buttons (most HIUs on a block are the same model).
 * Only the model is offered: nothing else from earlier checks is ever copied into this one.
 */
export function HiuModelSuggestions({
  siteId,
  value,
  onPick,
}: {
  siteId: string;
  value: string;
  onPick: (model: string) => void;
}) {
  const { data } = useQuery<SiteHiuModels>({
    queryKey: [`/api/sites/${siteId}/hiu-models`],
    enabled: Boolean(siteId),
    // Other engineers add models through the day; a minute old is fresh enough.
    staleTime: 60_000,
  });
  const models = (data?.models ?? []).slice(0, SHOWN);
  if (models.length === 0) return null;
  const current = value.trim().toLowerCase();
  return (
    <div role="group" aria-labelledby="hiu-model-suggestions" className="space-y-1">
      <p id="hiu-model-suggestions" className="text-sm text-slate-600">
        Models on this site (tap to use):
      </p>
      <div className="flex flex-wrap gap-2">
        {models.map((m) => {
          const chosen = m.model.toLowerCase() === current;
          return (
            <button
              key={m.model}
              type="button"
              aria-pressed={chosen}
              aria-label={`${m.model}, recorded ${m.count === 1 ? 'once' : `${m.count} times`} on this site`}
              onClick={() => onPick(m.model)}
              className={cn(
                'min-h-12 rounded-full border px-4 text-base font-medium',
                chosen
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              {m.model}
              <span aria-hidden="true" className="ml-1 text-sm text-slate-500">
                ×{m.count}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
