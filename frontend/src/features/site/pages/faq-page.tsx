import { Link } from 'react-router-dom';
import { Accordion, type AccordionItem } from '@/components/accordion';
import { GymAddress } from '@/components/gym-address';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { PageHeader } from '../components/page-header';
import { openingHoursSentence } from '../data/opening-hours';
import '../site.css';

const QUESTIONS: readonly AccordionItem[] = [
  {
    title: '¿Puedo probar antes de inscribirme?',
    content: (
      <p className="mb-0">
        Sí. Tenés una <strong>clase de prueba gratuita</strong> en boxeo, yoga o musculación libre. Acercate en el
        horario de la clase que quieras probar y avisá en recepción.
      </p>
    ),
  },
  {
    title: '¿Qué máquinas tiene el gimnasio?',
    content: (
      <p className="mb-0">
        Además de la sala de musculación con barras, discos y mancuernas, tenemos máquinas aeróbicas como{' '}
        <strong>remos, bicicletas y cintas</strong>.
      </p>
    ),
  },
  {
    title: '¿Cuáles son los horarios?',
    content: (
      <p className="mb-0">
        La sala está abierta {openingHoursSentence}. Los horarios de cada clase están en{' '}
        <Link to={paths.boxeo}>Boxeo</Link>, <Link to={paths.yoga}>Yoga</Link> y <Link to={paths.libre}>Libre</Link>.
      </p>
    ),
  },
  {
    title: '¿Dónde están y dónde retiro lo que compro en la tienda?',
    content: (
      <>
        <p>
          Los pedidos de la tienda se retiran en el gimnasio: si pagás en efectivo, pagás al retirar; si transferís, lo
          retirás cuando te avisemos por e-mail que registramos el pago.
        </p>
        <GymAddress className="mb-0" />
      </>
    ),
  },
  {
    title: '¿Necesito experiencia previa?',
    content: <p className="mb-0">No. Los grupos se arman por nivel y los profes adaptan cada ejercicio a tu ritmo.</p>,
  },
  {
    title: '¿Qué tengo que llevar?',
    content: (
      <p className="mb-0">
        Ropa cómoda, una toalla y una botella de agua. Para boxeo prestamos guantes y vendas en las primeras clases, y
        en yoga hay colchonetas para todos.
      </p>
    ),
  },
  {
    title: '¿Cómo me inscribo?',
    content: (
      <p className="mb-0">
        Acercate a recepción: tu entrenador te registra y te asigna el plan que elijas. No hace falta crear una cuenta
        en la web.
      </p>
    ),
  },
];

export default function FaqPage() {
  usePageTitle('Preguntas frecuentes');
  return (
    <>
      <PageHeader eyebrow="Ayuda" title="Preguntas frecuentes">
        Todo lo que necesitás saber antes de tu primera clase.
      </PageHeader>
      <section className="container py-5">
        <div className="row justify-content-center">
          <div className="col-lg-9">
            <Accordion items={QUESTIONS} defaultOpen={[0, 1]} headingLevel={2} />
          </div>
        </div>
      </section>
    </>
  );
}
