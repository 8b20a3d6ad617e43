import type { Notice } from './notices';

/** One success notice: its words, and a button to close it (components/notices.tsx). */
export default function NoticeCard({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  return (
    <div className="notice alert alert-success d-flex align-items-start gap-2 mb-0 shadow">
      <p className="mb-0 flex-grow-1">
        <strong>{notice.title}</strong>
        {notice.text && <span className="d-block">{notice.text}</span>}
      </p>
      <button type="button" className="btn-close" aria-label="Cerrar aviso" onClick={onClose} />
    </div>
  );
}
