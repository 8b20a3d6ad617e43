import { Link } from 'react-router-dom';
import type { Action } from '@gym/contracts/roles';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { screenAction } from '@/config/screen-permissions';
import { useCan } from '../../auth/staff';
import { classPaths, MembersAtRisk, TodayClasses } from '../../classes';
import { reportPaths } from '../../reports';
import { DeskDashboard } from '../../memberships';
import { BackupStatus } from '../../operations';
import { CertificateWarning } from '../../invoices';
import { WhatsappFailures } from '../../messaging';

interface Card {
  to: string;
  title: string;
  text: string;
  /** For a role that may see the screen but not change it: what it promises then. */
  readOnly?: { unless: Action; text: string };
}

const CARDS: Card[] = [
  {
    to: paths.admin.clients,
    title: 'Clientes',
    text: 'Altas, datos y planes de cada cliente.',
    readOnly: {
      unless: 'clientes.editar',
      text: 'Datos, plan, membresía y apto físico de cada cliente, para consultar.',
    },
  },
  {
    to: paths.admin.shifts,
    title: 'Gestión de Turnos',
    text: 'Turno y entrenador de cada cliente.',
    readOnly: { unless: 'turnos.editar', text: 'Turno y entrenador de cada cliente, para consultar.' },
  },
  { to: paths.admin.products, title: 'Productos', text: 'El catálogo de la tienda online.' },
  {
    to: paths.admin.plans,
    title: 'Planes',
    text: 'Hasta 9 planes con su precio por hora.',
    readOnly: { unless: 'planes.editar', text: 'Los planes del gimnasio y su precio por hora, para consultar.' },
  },
  { to: paths.admin.chat, title: 'Chat', text: 'Mensajes por email a los clientes.' },
  { to: paths.admin.orders, title: 'Pedidos', text: 'Pedidos de la tienda: cobro, entrega y cancelación.' },
  // The desk's day: who comes in, the classes' lists, the members' fees.
  { to: classPaths.door, title: 'Ingreso', text: 'La puerta: DNI, nombre o QR del socio, y quién entró hoy.' },
  {
    to: classPaths.classes,
    title: 'Clases',
    text: 'Las clases de la semana: reservas, listas y asistencia.',
    readOnly: { unless: 'clases.gestionar', text: 'Las clases de la semana y sus listas, para marcar asistencia.' },
  },
  {
    to: paths.admin.memberships(),
    title: 'Membresías',
    text: 'Cuotas, vencimientos, pagos y apto físico de los socios.',
  },
  // Beyond the spec's cards (the top menu is full at 1280 px): the end of a shift, the numbers over time.
  { to: reportPaths.cash, title: 'Caja', text: 'Cierre de caja: lo esperado, lo contado y la diferencia.' },
  {
    to: reportPaths.reports,
    title: 'Reportes',
    text: 'Ingresos, socios, asistencia y ventas de la tienda, mes a mes.',
  },
];

/** SPEC §2 /admin: the panel with five cards. */
export default function PanelPage() {
  usePageTitle('Panel de administración');
  const allowed = useCan();
  const cards = CARDS.filter((card) => allowed(screenAction(card.to) ?? 'cuenta.propia'));
  return (
    <section>
      <h1 className="h3 mb-4">Panel de administración</h1>
      {allowed('facturas.ver') && <CertificateWarning withLink />}
      {allowed('membresias.gestionar') && <DeskDashboard />}
      {allowed('respaldos.ver') && <BackupStatus />}
      {allowed('clases.ver') && <TodayClasses />}
      {allowed('socios.riesgo') && <MembersAtRisk />}
      {allowed('mensajes.enviar') && <WhatsappFailures />}
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3">
        {cards.map((card) => (
          <div className="col" key={card.to}>
            <Link to={card.to} className="card h-100 text-decoration-none admin-card">
              <div className="card-body">
                <h2 className="card-title h5">{card.title}</h2>
                <p className="card-text text-body-secondary mb-0">
                  {card.readOnly && !allowed(card.readOnly.unless) ? card.readOnly.text : card.text}
                </p>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}
