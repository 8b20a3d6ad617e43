import { Accordion } from '@/components/accordion';
import { Carousel } from '@/components/carousel';
import { usePageTitle } from '@/components/use-page-title';
import { usePublicResource } from '@/hooks/use-public-resource';
import { getTimetable } from '../api/get-timetable';
import type { Discipline } from '../data/disciplines';
import { timetableRows } from '../data/timetable-rows';
import { PageHeader } from './page-header';
import { PlanCards } from './plan-cards';
import { Timetable } from './timetable';
import '../site.css';

/** SPEC §2 class page: carousel, about and benefits, the timetable and the three plans. */
export function ClassPage({ discipline }: { discipline: Discipline }) {
  usePageTitle(discipline.name);
  const { id, name } = discipline;
  // Boxing and yoga run from the stored slots; the page's own timetable shows until they arrive
  // (and is what the prerendered page holds), or if they cannot be read.
  const booked = id !== 'libre';
  const slots = usePublicResource((signal) => (booked ? getTimetable(signal) : Promise.resolve(null)), [booked]);
  const rows =
    slots.status === 'ready' && slots.data ? timetableRows(slots.data, id, discipline.timetable) : discipline.timetable;
  const accordion = [
    {
      title: discipline.aboutTitle,
      content: discipline.about.map((paragraph) => <p key={paragraph}>{paragraph}</p>),
    },
    {
      title: 'Beneficios',
      content: (
        <ul className="mb-0">
          {discipline.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <>
      <PageHeader eyebrow="Clases" title={name}>
        {discipline.tagline}
      </PageHeader>
      <Carousel slides={discipline.slides} label={`Galería de ${name.toLowerCase()}`} />
      <div className="container py-5">
        <div className="row g-4 g-lg-5">
          <section className="col-lg-5" aria-labelledby={`${id}-sobre`}>
            <h2 className="section-title" id={`${id}-sobre`}>
              Conocé la clase
            </h2>
            <Accordion items={accordion} defaultOpen={[0]} />
          </section>
          <section className="col-lg-7" aria-labelledby={`${id}-horarios`}>
            <h2 className="section-title" id={`${id}-horarios`}>
              Horarios
            </h2>
            <Timetable caption={`Horarios de ${name.toLowerCase()}`} rows={rows} />
          </section>
        </div>
      </div>
      <section className="plans-section py-5" aria-labelledby={`${id}-planes`}>
        <div className="container">
          <h2 className="section-title" id={`${id}-planes`}>
            Planes
          </h2>
          <PlanCards current={id} />
        </div>
      </section>
    </>
  );
}
