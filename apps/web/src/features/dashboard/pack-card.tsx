import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, SUPERSEDED_PACK_MESSAGES, type EvidencePack } from '@hiu/domain';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { api, ApiError, apiRequest } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { Problem } from '../../components/problem';

const building = (p: EvidencePack) => p.state === 'queued' || p.state === 'running';

/**
 * Downloads a pack: asked first (HEAD), so a pack that cannot be had says why on screen instead of being saved
 * as a file of JSON; then the browser saves the ZIP as it streams, never held whole in the page's memory.
 */
async function downloadPack(url: string, onRefused: () => void) {
  const head = await fetch(url, { method: 'HEAD', credentials: 'include' }).catch(() => undefined);
  if (!head?.ok) {
    // The GET answers the same refusal with its reason, before any byte of a ZIP.
    try {
      await apiRequest('GET', url);
    } catch (e) {
      notify.error('Could not download the pack', e instanceof ApiError ? e.userMessage : 'Check your connection.');
      // A pack superseded since the list was read: the list is read again, so the card offers Build again.
      onRefused();
      return;
    }
  }
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The site's handover evidence pack (docs/product.md#evidence-pack): build one (anyone who reads the dashboard),
 * watch it being built (flats done of total), download it until it expires or is superseded.
 */
export function PackCard({ siteId }: { siteId: string }) {
  const client = useQueryClient();
  // Expiry is judged against when the card opened: a pack that expires while it is open fails with 410.
  const [now] = useState(Date.now);
  const key = [`/api/sites/${siteId}/evidence-packs`];
  const packs = useQuery<EvidencePack[]>({
    queryKey: key,
    // Progress while one is being built.
    refetchInterval: (q) => (q.state.data?.some(building) ? 1000 : false),
  });
  const build = useMutation({
    mutationFn: () => api.post<EvidencePack>(`/api/sites/${siteId}/evidence-packs`),
    onSuccess: () => notify.success('Evidence pack', 'Building the pack: it takes a moment per flat'),
    onError: (e) => notify.error('Could not build the pack', e instanceof ApiError ? e.userMessage : String(e)),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  // Only the newest built pack is listed, so a rebuild never shows two rows; one a later review or correction
  // made out of date says so instead of offering its download.
  const list = packs.data ?? [];
  const current = list.find(building);
  const newest = list.find((p) => !building(p));
  const outOfDate = newest?.superseded === 'reports_changed';
  return (
    <Card aria-labelledby="pack-heading" className="space-y-3">
      <h2 id="pack-heading" className="text-xl font-bold">
        Handover evidence pack
      </h2>
      <p className="text-slate-700">
        One ZIP for the building: a summary PDF with every flat, the distributions and a sign-off page, every report
        PDF, the CSV and a manifest of SHA-256 hashes.
      </p>
      <Button onClick={() => build.mutate()} disabled={build.isPending || Boolean(current)}>
        {current ? 'Building...' : outOfDate ? 'Build again' : 'Build evidence pack'}
      </Button>
      {current ? (
        <div role="status" aria-live="polite" className="space-y-1">
          <p className="font-medium">{current.total ? `${current.done} of ${current.total} reports` : 'Starting...'}</p>
          <progress className="h-3 w-full" max={current.total || 1} value={current.done} aria-label="Pack progress" />
        </div>
      ) : null}
      {packs.isError ? (
        <Problem error={packs.error} what="the evidence packs" onRetry={() => void packs.refetch()} />
      ) : null}
      <ul className="divide-y divide-slate-100">
        {(newest ? [newest] : []).map((p) => {
          const expired = p.expiresAt !== null && Date.parse(p.expiresAt) < now;
          return (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="evidence-pack"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">
                  {p.state === 'done' ? `Built ${formatDateTime(p.finishedAt ?? '')}` : 'Failed'}
                </p>
                {p.superseded === 'reports_changed' ? (
                  <p className="font-medium text-amber-800">{SUPERSEDED_PACK_MESSAGES.reports_changed}</p>
                ) : null}
                <p className="text-slate-700">
                  {p.state === 'done'
                    ? `${p.files} files${p.missing.length ? `, ${p.missing.length} reports missing` : ''}; ${
                        expired ? 'expired' : `until ${formatDateTime(p.expiresAt ?? '')}`
                      }`
                    : p.error}
                </p>
              </div>
              {p.state === 'done' && !expired && !p.superseded ? (
                <a
                  className={buttonClass('secondary')}
                  href={`/api/evidence-packs/${p.id}/download`}
                  download
                  onClick={(e) => {
                    e.preventDefault();
                    void downloadPack(
                      `/api/evidence-packs/${p.id}/download`,
                      () => void client.invalidateQueries({ queryKey: key }),
                    );
                  }}
                >
                  Download ZIP
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
