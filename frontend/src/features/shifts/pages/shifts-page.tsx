import { useState } from 'react';
import type { ShiftRow } from '@gym/contracts/shifts';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { useCan } from '../../auth/staff';
import { listShifts, listTrainers } from '../api/shifts-api';
import { ShiftModal } from '../components/shift-modal';
import { ShiftTable } from '../components/shift-table';

export const PAGE_SIZE = 15;

/** /turnos: the stored shift and trainer of every client, changed one client at a time. */
export default function ShiftsPage() {
  const mayEdit = useCan()('turnos.editar');
  usePageTitle('Turnos');
  const data = useResource(['shifts'], (signal) => Promise.all([listShifts(signal), listTrainers(signal)]));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ row: ShiftRow; open: boolean; round: number } | null>(null);
  const rows = data.data?.[0] ?? [];
  const pages = Math.ceil(rows.length / PAGE_SIZE);
  const shown = Math.min(page, Math.max(pages, 1));

  return (
    <section>
      <h1 className="h3 mb-4">Turnos</h1>
      {data.status === 'loading' && <Loading label="Cargando turnos…" />}
      {data.status === 'error' && <ErrorState message={data.error.message} onRetry={data.reload} />}
      {data.status === 'ready' &&
        (rows.length > 0 ? (
          <>
            <ShiftTable
              rows={rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE)}
              onChange={
                mayEdit ? (row) => setEditing({ row, open: true, round: (editing?.round ?? 0) + 1 }) : undefined
              }
            />
            <Pager page={shown} pages={pages} onChange={setPage} label="Páginas de turnos" />
          </>
        ) : (
          <EmptyState>Todavía no hay usuarios con turno.</EmptyState>
        ))}
      {editing && data.status === 'ready' && (
        <ShiftModal
          key={editing.round}
          row={editing.row}
          trainers={data.data[1]}
          open={editing.open}
          onClose={() => setEditing({ ...editing, open: false })}
          onSaved={() => setEditing({ ...editing, open: false })}
        />
      )}
    </section>
  );
}
