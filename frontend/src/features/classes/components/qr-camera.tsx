import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's own reader where there is one (Android, macOS); jsQR, loaded on first use, elsewhere. */
async function qrReader(): Promise<(canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (canvas) => {
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The camera of the tablet or phone at the desk, reading the member's portal QR: it looks about
 * four times a second and hands over each code it reads (the same one once), until it is closed.
 */
export function QrCamera({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem('No pudimos usar la cámara. Revisá el permiso del navegador o escribí el DNI.');
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      const read = await qrReader();
      const v = video.current!;
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      let busy = false;
      let last = { text: '', at: 0 };
      timer = setInterval(() => {
        if (busy || stopped || v.videoWidth === 0) return;
        busy = true;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        canvas.getContext('2d', { willReadFrequently: true })!.drawImage(v, 0, 0);
        read(canvas)
          .then((text) => {
            // The same code held in front of the camera counts once; the next person's right away.
            if (text && !stopped && (text !== last.text || Date.now() - last.at > 5000)) {
              last = { text, at: Date.now() };
              onCode(text);
            }
          })
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      }, 250);
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);

  return (
    <div className="card mb-3">
      <div className="card-body">
        {problem ? (
          <p className="text-danger mb-2">{problem}</p>
        ) : (
          <video ref={video} className="w-100 rounded bg-dark" muted playsInline aria-label="Cámara para leer el QR" />
        )}
        <button type="button" className="btn btn-outline-dark btn-sm mt-2" onClick={onClose}>
          Cerrar la cámara
        </button>
      </div>
    </div>
  );
}
