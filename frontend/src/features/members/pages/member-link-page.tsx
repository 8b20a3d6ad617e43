import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { memberMessages } from '@gym/contracts/members';
import { toApiFailure } from '@/api/client';
import { Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { openLink } from '../api/members-api';
import { forgetMember } from '../api/member-answers';
import { memberPaths } from '../member-paths';
import { forgetOfflineCopy } from '../pwa';

/**
 * /socio/entrar#<token>: the link of the e-mail or WhatsApp. The token travels after `#` (never
 * sent to a server or kept in a log) and is used by this page's POST, so a mail scanner that only
 * opens the link does not spend it. The address bar loses it at once.
 */
export default function MemberLinkPage() {
  usePageTitle('Entrando a tu cuenta');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = window.location.hash.slice(1);
    window.history.replaceState(null, '', window.location.pathname);
    openLink(token).then(
      // A new session may be someone else's on this phone: the last one's answers and offline copy go.
      () => {
        forgetMember();
        return forgetOfflineCopy().then(() => navigate(memberPaths.portal, { replace: true }));
      },
      async (err: unknown) => setFailure((await toApiFailure(err)).message || memberMessages.linkInvalid),
    );
  }, [navigate]);
  if (!failure) return <Loading label="Entrando a tu cuenta…" />;
  return (
    <section className="container py-4" style={{ maxWidth: '28rem' }}>
      <div className="alert alert-warning" role="alert">
        {failure}
      </div>
      <Link to={memberPaths.signIn} className="btn btn-primary w-100">
        Pedir un enlace nuevo
      </Link>
    </section>
  );
}
