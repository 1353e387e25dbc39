import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { DUE_REASON_LABELS, samplingCoverageText, type SamplingPlan } from '@hiu/domain';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { api, ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/**
 * The site's witnessing (docs/product.md#witnessing-and-sampling): the sampling plan's coverage, the flats due for
 * witnessing (an assessor witnesses them from here), and for an admin the rate.
 */
export function WitnessingCard({
  siteId,
  canWitness,
  canSetRate,
}: {
  siteId: string;
  canWitness: boolean;
  canSetRate: boolean;
}) {
  const key = [`/api/sites/${siteId}/sampling`];
  const plan = useQuery<SamplingPlan>({ queryKey: key });
  const p = plan.data;
  return (
    <Card aria-labelledby="witnessing-heading" className="space-y-3">
      <h2 id="witnessing-heading" className="text-xl font-bold">
        Witnessing
      </h2>
      {plan.isPending ? <p role="status">Loading the sampling plan...</p> : null}
      {p ? (
        <>
          {p.rate === null ? (
            <p className="text-slate-700">{samplingCoverageText(p)}</p>
          ) : (
            <>
              <p className="text-slate-700">
                The first flat of each property type, then 1 in {p.rate} of each block and type, more after a failure.
              </p>
              <p
                className={p.coverage.met ? 'font-semibold text-pass' : 'font-semibold text-fail'}
                data-testid="sampling-coverage"
              >
                <span aria-hidden="true">{p.coverage.met ? '✓ ' : '✕ '}</span>
                {samplingCoverageText(p)}
              </p>
              {p.groups.some((g) => g.rate !== p.rate) ? (
                <ul className="text-sm text-slate-700">
                  {p.groups
                    .filter((g) => g.rate !== p.rate)
                    .map((g) => (
                      <li key={`${g.block}|${g.type}`}>
                        {g.block || 'No block'}, {g.type}: raised to 1 in {g.rate} after{' '}
                        {g.failures === 1 ? 'a failure' : `${g.failures} failures`}
                      </li>
                    ))}
                </ul>
              ) : null}
            </>
          )}
          {p.due.length ? (
            <>
              <h3 className="font-semibold">Due for witnessing</h3>
              <ul className="divide-y divide-slate-100" aria-label="Due for witnessing">
                {p.due.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold break-words">{d.address}</p>
                      <p className="text-slate-700">
                        {[d.block, d.type].filter(Boolean).join(' · ')} · {DUE_REASON_LABELS[d.reason]}
                      </p>
                    </div>
                    {canWitness && d.reportId ? (
                      <Link
                        to={`/witness/${d.reportId}`}
                        className={buttonClass('primary', 'md')}
                        aria-label={`Witness ${d.address}`}
                      >
                        Witness
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      {canSetRate ? <RateForm siteId={siteId} rate={p?.rate ?? null} /> : null}
    </Card>
  );
}

function RateForm({ siteId, rate }: { siteId: string; rate: number | null }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (next: number | null) => api.put<SamplingPlan>(`/api/sites/${siteId}/sampling`, { rate: next }),
    onSuccess: (plan) => {
      client.setQueryData([`/api/sites/${siteId}/sampling`], plan);
      notify.success('Sampling plan saved', plan.rate === null ? 'No plan' : `1 in ${plan.rate}`);
      setText('');
    },
    onError: (e) => {
      const message = e instanceof ApiError ? (e.fieldErrors.rate ?? e.userMessage) : String(e);
      setError(message);
    },
  });
  const submit = () => {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1) return setError('Enter a whole number of flats, 1 or more');
    setError(undefined);
    save.mutate(n);
  };
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3">
      <Field
        label="Witness 1 flat in every"
        hint={rate === null ? 'Flats of each block and type' : `Now 1 in ${rate} of each block and type`}
        error={error}
      >
        <Input inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} placeholder="10" />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={save.isPending}>
          Save rate
        </Button>
        {rate !== null ? (
          <Button variant="secondary" onClick={() => save.mutate(null)} disabled={save.isPending}>
            Remove the plan
          </Button>
        ) : null}
      </div>
    </div>
  );
}
