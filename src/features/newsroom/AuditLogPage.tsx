import { frenchStamp } from '../../lib/frenchDates.ts';
import type { AuditEntry, PageData } from '../../api/queries/newsroom.ts';
import { TableHead } from './TableHead.tsx';

/** The audit log (admins): every write, newest first. */
export function AuditLogPage({ loaded }: { loaded: PageData<AuditEntry[]> }) {
  const { data: entries, error } = loaded;
  return (
    <section>
      <h1 className="font-display text-3xl font-bold">Journal des écritures</h1>
      {error ? (
        <p role="alert" className="mt-4 font-bold text-piment-dark">
          {error}
        </p>
      ) : null}
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <TableHead columns={['Quand', 'Qui', 'Action', 'Objet', 'Détail']} />
        <tbody>
          {(entries ?? []).map((entry) => (
            <tr key={entry.id} className="border-b border-encre/20 align-top">
              <td className="py-1 pr-2">{frenchStamp(entry.at)}</td>
              <td className="pr-2">{entry.staffEmail ?? 'programmateur'}</td>
              <td className="pr-2">{entry.action}</td>
              <td className="pr-2">
                {entry.entity}
                {entry.entityId !== null ? ` n° ${entry.entityId}` : ''}
              </td>
              <td className="break-all">{JSON.stringify(entry.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
