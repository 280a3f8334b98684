import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n';

type QrFactory = typeof import('qrcode-generator');
let loading: Promise<QrFactory> | null = null;

function loadQr(): Promise<QrFactory> {
  loading ??= import('qrcode-generator').then((m) => m.default).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A data address: the page's CSP allows data: images, nothing inline. */
export async function qrImageSource(value: string): Promise<string> {
  const qrcode = await loadQr();
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true }))}`;
}

export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    qrImageSource(value).then(
      (made) => live && setSrc(made),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) {
    return (
      <p className="qr qr--failed" role="alert">
        {t('requested_qr_failed')}
      </p>
    );
  }
  if (!src) return <div className="qr qr--loading" role="img" aria-label={label} aria-busy="true" />;
  return <img className="qr" src={src} alt={label} width="220" height="220" />;
}
