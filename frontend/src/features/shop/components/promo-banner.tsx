import { Link } from 'react-router-dom';
import type { PromoBanner as Banner } from '../banners';

export function PromoBanner({ banner }: { banner: Banner }) {
  return (
    <div className="shop-banner shop-promo">
      <img className="shop-banner__image" src={banner.image} alt={banner.alt} width={800} height={400} loading="lazy" />
      <div className="shop-banner__content">
        <h2 className="h3 fw-bold text-uppercase">{banner.title}</h2>
        <p>{banner.text}</p>
        <Link to={banner.to} className="btn btn-primary">
          {banner.cta}
        </Link>
      </div>
    </div>
  );
}
