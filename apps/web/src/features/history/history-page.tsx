import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditActionLabel, auditEntityLabel, type User } from '@hiu/domain';
import { AdminLayout } from '../../components/admin-layout';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { DateEntry } from '../../components/date-entry/date-entry';
import { Select } from '../../components/ui/select';
import { HistoryPanel } from '../../components/history-panel';

/** The whole history for admins (/admin/history), filtered by who, what, action and dates, with its CSV. */
export default function HistoryPage() {
  const users = useQuery<User[]>({ queryKey: ['/api/users'] });
  const [f, setF] = useState({ actorId: '', entityType: '', action: '', from: '', to: '' });
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((now) => ({ ...now, [key]: e.target.value }));
  const query = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== '')).toString();
  const badDates = f.from !== '' && f.to !== '' && f.from > f.to;
  return (
    <AdminLayout>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold">History</h2>
        <a className={buttonClass('secondary')} href={`/api/audit.csv${query ? `?${query}` : ''}`} download>
          Download CSV
        </a>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Who">
          <Select value={f.actorId} onChange={set('actorId')}>
            <option value="">Anyone</option>
            {(users.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="What">
          <Select value={f.entityType} onChange={set('entityType')}>
            <option value="">Everything</option>
            {AUDIT_ENTITY_TYPES.map((e) => (
              <option key={e} value={e}>
                {auditEntityLabel(e)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Action">
          <Select value={f.action} onChange={set('action')}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
          </Select>
        </Field>
        <DateEntry label="From" value={f.from} onChange={(from) => setF((now) => ({ ...now, from }))} />
        <DateEntry
          label="To"
          value={f.to}
          onChange={(to) => setF((now) => ({ ...now, to }))}
          error={badDates ? 'The end is before the start' : undefined}
        />
      </div>
      <Card>{badDates ? null : <HistoryPanel key={query} query={query} title="Changes, newest first" />}</Card>
    </AdminLayout>
  );
}
