import { Link } from 'react-router-dom';
import { Carousel } from '@/components/carousel';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { PersonCard } from '../components/person-card';
import { WeatherBox } from '../components/weather-box';
import { homeSlides } from '../data/home-slides';
import { openingHoursSentence } from '../data/opening-hours';
import { trainers } from '../data/people';
import '../site.css';

const HIGHLIGHTS = [
  { title: 'Clase de prueba gratuita', text: 'Vení a conocernos antes de elegir tu plan.' },
  { title: 'De lunes a sábado', text: `Sala abierta ${openingHoursSentence}.` },
  { title: 'Profes certificados', text: 'Te acompañan en cada clase y te arman la rutina.' },
];

export default function HomePage() {
  usePageTitle('Inicio');
  return (
    <>
      <h1 className="visually-hidden">GYM Tucumán: boxeo, yoga y musculación libre</h1>
      <Carousel slides={homeSlides} label="Nuestras clases" />
      <section className="container py-5" aria-labelledby="bienvenida">
        <div className="row g-4 align-items-stretch">
          <div className="col-lg-8">
            <h2 className="section-title" id="bienvenida">
              Entrená en el corazón de Tucumán
            </h2>
            <p className="lead">
              Boxeo, yoga y musculación libre en un solo lugar, con profes que te conocen por tu nombre.
            </p>
            <ul className="row row-cols-1 row-cols-sm-3 g-3 list-unstyled mb-0 highlights">
              {HIGHLIGHTS.map((item) => (
                <li className="col" key={item.title}>
                  <p className="highlights__title">{item.title}</p>
                  <p className="mb-0 small">{item.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-4">
            <WeatherBox />
          </div>
        </div>
      </section>
      <section className="team-section py-5" aria-labelledby="entrenadores">
        <div className="container">
          <h2 className="section-title" id="entrenadores">
            Nuestros entrenadores
          </h2>
          <ul className="row row-cols-2 row-cols-lg-4 g-3 g-md-4 list-unstyled mb-0">
            {trainers.map((trainer) => (
              <li className="col" key={trainer.name}>
                <PersonCard person={trainer} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="cta-band py-5">
        <div className="container d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-3">
          <p className="h3 mb-0 cta-band__title">Tu primera clase es gratis.</p>
          <Link className="btn btn-light btn-lg" to={paths.faq}>
            Preguntas frecuentes
          </Link>
        </div>
      </section>
    </>
  );
}
