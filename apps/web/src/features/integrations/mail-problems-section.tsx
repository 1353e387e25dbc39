import { useQuery } from '@tanstack/react-query';
import { formatDateTime, type AuthOptions, type MailFailure } from '@hiu/domain';
import { Card } from '../../components/ui/card';
import { Problem } from '../../components/problem';

/**
 * Email that has not gone out (docs/product.md#notifications): being tried again after the SMTP server refused
 * or was out of reach, or failed for good, each with the server's last answer. Only where email is sent.
 */
export function MailProblemsSection() {
  const options = useQuery<AuthOptions>({ queryKey: ['/api/auth/options'] });
  const problems = useQuery<MailFailure[]>({
    queryKey: ['/api/notifications/mail-failures'],
    enabled: options.data?.emailLinks === true,
    refetchOnMount: 'always',
  });
  if (!options.data?.emailLinks) return null;
  return (
    <section aria-labelledby="mail-problems-heading" className="mt-6 space-y-2">
      <h2 id="mail-problems-heading" className="text-xl font-bold">
        Email not sent
      </h2>
      {problems.isError ? (
        <Problem error={problems.error} what="the email that was not sent" onRetry={() => void problems.refetch()} />
      ) : problems.data?.length === 0 ? (
        <p className="text-slate-700">Every email went out.</p>
      ) : (
        <ul className="space-y-2">
          {(problems.data ?? []).map((m) => (
            <li key={m.notificationId}>
              <Card className="space-y-1" data-testid="mail-problem">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold break-words">{m.subject ?? 'An email'}</span>
                  <span
                    className={
                      m.state === 'failed'
                        ? 'rounded-full bg-red-100 px-2 text-sm font-semibold text-fail'
                        : 'rounded-full bg-amber-100 px-2 text-sm font-semibold text-amber-900'
                    }
                  >
                    {m.state === 'failed' ? 'Failed' : 'Retrying'}
                  </span>
                </p>
                <p className="text-sm text-slate-700 break-words">To {m.to ?? 'a removed account'}</p>
                <p className="text-sm break-words">
                  {m.state === 'failed'
                    ? `Gave up after ${m.attempts} attempts${m.failedAt ? `, ${formatDateTime(m.failedAt)}` : ''}.`
                    : `Attempt ${m.attempts} of ${m.maxAttempts} failed; next ${m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : 'soon'}.`}{' '}
                  Server said: {m.reason ?? 'nothing'}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
