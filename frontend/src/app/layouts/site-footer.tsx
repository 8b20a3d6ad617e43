import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

const SOCIAL = [
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://wa.me/5493810000000', label: 'WhatsApp' },
];

/** SPEC §2 footer: social networks, the FAQ and a copyright line. */
export function SiteFooter() {
  return (
    <footer className="site-footer bg-dark text-light mt-auto py-4">
      <div className="container d-flex flex-column flex-md-row gap-3 justify-content-between align-items-center">
        <ul className="list-inline mb-0" aria-label="Redes sociales">
          {SOCIAL.map((item) => (
            <li className="list-inline-item" key={item.label}>
              <a className="link-light" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <Link className="link-light" to={paths.faq}>
          Preguntas frecuentes
        </Link>
        <p className="mb-0 small text-white-50">
          © {new Date().getFullYear()} GYM Tucumán. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
