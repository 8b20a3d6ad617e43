import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MEMBERSHIP_LISTS, membershipListTitles, type MembershipList } from '@gym/contracts/memberships';
import { countOf } from '@gym/contracts/format';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { exportUrl, listMemberships, listPlans } from '../api/memberships-api';
import { DeskFilters, type DeskFilterValues } from '../components/desk-filters';
import { DeskTable } from '../components/desk-table';
import { ObservedDebits, RejectedDebits } from '../components/rejected-debits';
import { ReminderActions } from '../components/reminder-actions';
import TransfersPage from './transfers-page';

const isList = (value: string | null): value is MembershipList => MEMBERSHIP_LISTS.includes(value as MembershipList);

/**
 * /membresias?estado=…: the lists the desk works from; every filter and the page live in the URL.
 * `estado=comprobantes` is the members' transfer receipts waiting for review: a tab of the desk
 * rather than a route of its own (the shop's entry carries every route; see ADR 0005).
 */
export default function DeskRoute() {
  const [search] = useSearchParams();
  return search.get('estado') === 'comprobantes' ? <TransfersPage /> : <DeskPage />;
}

function DeskPage() {
  const [search, setSearch] = useSearchParams();
  const estadoParam = search.get('estado');
  const estado: MembershipList = isList(estadoParam) ? estadoParam : 'por-vencer';
  usePageTitle(membershipListTitles[estado]);
  const key = search.toString();
  const data = useResource(['memberships', 'list', key], (signal) => listMemberships(search, signal));
  const plans = useResource(['plans', 'list'], listPlans);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setSelected(new Set());
    setSearch(next);
  };
  const filters: DeskFilterValues = {
    q: search.get('q') ?? '',
    plan: search.get('plan') ?? '',
    apto: search.get('apto') ?? '',
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Membresías</h1>
        <Link to={paths.admin.reminderTemplates} className="btn btn-outline-primary btn-sm">
          Plantillas de recordatorio
        </Link>
      </div>
      <RejectedDebits />
      <ObservedDebits />
      <ul className="nav nav-tabs mb-3">
        {MEMBERSHIP_LISTS.map((list) => (
          <li className="nav-item" key={list}>
            <button
              type="button"
              className={`nav-link${list === estado ? ' active' : ''}`}
              aria-current={list === estado ? 'page' : undefined}
              onClick={() => update({ estado: list, page: '' })}
            >
              {membershipListTitles[list]}
            </button>
          </li>
        ))}
        <li className="nav-item">
          <Link className="nav-link" to={paths.admin.memberships('comprobantes')}>
            Comprobantes por revisar
          </Link>
        </li>
      </ul>
      <DeskFilters
        values={filters}
        plans={plans.status === 'ready' ? plans.data : []}
        onApply={(v) => update({ ...v, q: v.q.trim(), page: '' })}
      />
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <ReminderActions ids={[...selected]} />
        <div>
          <a href={exportUrl(search)} className="btn btn-outline-primary btn-sm" download>
            Exportar CSV
          </a>
        </div>
      </div>
      {data.status === 'loading' && <Loading label="Cargando la lista…" />}
      {data.status === 'error' && <ErrorState message={data.error.message} onRetry={data.reload} />}
      {data.status === 'ready' &&
        (data.data.items.length === 0 ? (
          <EmptyState>No hay clientes en esta lista.</EmptyState>
        ) : (
          <>
            <p className="small text-body-secondary">{countOf(data.data.total, 'cliente', 'clientes')}</p>
            <DeskTable
              rows={data.data.items}
              selected={selected}
              onToggle={toggle}
              onToggleAll={() =>
                setSelected((s) =>
                  data.data.items.every((r) => s.has(r.idUsuario))
                    ? new Set()
                    : new Set(data.data.items.map((r) => r.idUsuario)),
                )
              }
            />
            <Pager
              page={data.data.page}
              pages={Math.ceil(data.data.total / data.data.limit)}
              onChange={(page) => update({ page: String(page) })}
              label="Páginas de la lista"
            />
          </>
        ))}
    </section>
  );
}
