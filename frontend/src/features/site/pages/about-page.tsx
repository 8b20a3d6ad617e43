import { GymAddress } from '@/components/gym-address';
import { usePageTitle } from '@/components/use-page-title';
import { PageHeader } from '../components/page-header';
import { PersonCard } from '../components/person-card';
import { team } from '../data/people';
import '../site.css';

export default function AboutPage() {
  usePageTitle('Quiénes somos');
  return (
    <>
      <PageHeader eyebrow="GYM Tucumán" title="Quiénes somos">
        Un gimnasio de barrio con espíritu de equipo, en San Miguel de Tucumán.
      </PageHeader>
      <section className="container py-5" aria-labelledby="historia">
        <div className="row justify-content-center">
          <div className="col-lg-9">
            <h2 className="section-title" id="historia">
              Nuestra historia
            </h2>
            <p className="lead">
              Abrimos las puertas con una bolsa de boxeo, dos bancos y muchas ganas. Hoy somos una comunidad que entrena
              boxeo, yoga y musculación libre de lunes a sábado.
            </p>
            <p>
              Creemos que el mejor entrenamiento es el que se sostiene en el tiempo: por eso cuidamos a cada socio,
              adaptamos las rutinas a cada cuerpo y mantenemos grupos en los que todos se conocen.
            </p>
            <h2 className="section-title h4" id="donde">
              Dónde estamos
            </h2>
            <GymAddress />
          </div>
        </div>
      </section>
      <section className="team-section py-5" aria-labelledby="equipo">
        <div className="container">
          <h2 className="section-title" id="equipo">
            Nuestro equipo
          </h2>
          <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-5 g-4 list-unstyled mb-0">
            {team.map((person) => (
              <li className="col" key={person.name}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
