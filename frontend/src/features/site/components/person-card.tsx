import type { Person } from '../data/people';

/** A photo, a name and what the person does; the photos sit below the fold, so they load lazily. */
export function PersonCard({ person }: { person: Person }) {
  return (
    <figure className="person-card card h-100 mb-0">
      <img
        className="card-img-top person-card__photo"
        src={person.photo}
        alt={`Foto de ${person.name}`}
        width={240}
        height={240}
        loading="lazy"
      />
      <figcaption className="card-body text-center">
        <h3 className="h5 card-title fw-bold mb-1">{person.name}</h3>
        <p className="card-text person-card__role mb-0">{person.role}</p>
      </figcaption>
    </figure>
  );
}
