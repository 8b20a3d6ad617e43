import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { SiteInfo } from '@gym/contracts/site';
import { ARREPENTIMIENTO_LABEL, BAJA_LABEL, consumerPaths } from '@gym/contracts/consumer-labels';
import { paths } from '../../config/paths';
import { GymAddress } from '../../components/gym-address';
import { useSiteInfo } from '../../hooks/use-site-info';

const NETWORKS: { key: keyof SiteInfo['social']; label: string }[] = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'whatsapp', label: 'WhatsApp' },
];

const never = () => () => {};
/**
 * This year in the browser; none in the HTML the build prerenders (a build of December would print
 * last year in January). A hydrated page shows the year right after hydrating.
 */
const useYear = () =>
  useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    () => null,
  );

/**
 * SPEC §2 footer: social networks (the gym's own, from the server's config), the FAQ and a copyright
 * line; and the Botón de baja and the Botón de arrepentimiento the law asks for on every page.
 */
export function SiteFooter() {
  const site = useSiteInfo();
  const year = useYear();
  const social = site.status === 'ready' ? site.data.social : null;
  const links = NETWORKS.flatMap(({ key, label }) => (social?.[key] ? [{ href: social[key], label }] : []));
  return (
    <footer className="site-footer bg-dark text-light mt-auto py-4">
      <div className="container d-flex flex-column flex-md-row gap-3 justify-content-between align-items-center">
        <ul className="list-inline mb-0" aria-label="Redes sociales">
          {links.map((item) => (
            <li className="list-inline-item" key={item.label}>
              <a className="link-light" href={item.href} target="_blank" rel="noopener noreferrer">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <GymAddress className="mb-0 small text-center text-md-start" />
        <Link className="link-light" to={paths.faq}>
          Preguntas frecuentes
        </Link>
        {/* memberPaths.signIn, written out: the shop's entry is at its budget */}
        <Link className="link-light" to="/socio/ingresar">
          Soy socio
        </Link>
        {/* Disposición 954/2025: both buttons on every page, with the law's names, no sign-in needed. */}
        <Link className="link-light" to={consumerPaths.baja}>
          {BAJA_LABEL}
        </Link>
        <Link className="link-light" to={consumerPaths.arrepentimiento}>
          {ARREPENTIMIENTO_LABEL}
        </Link>
        <p className="mb-0 small text-white-50">
          ©{year === null ? '' : ` ${year}`} GYM Tucumán. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
