import CODE128C from 'jsbarcode/bin/barcodes/CODE128/CODE128C.js';

/** Code 128 asks for at least ten modules of quiet zone. */
const QUIET_MODULES = 10;
const BAR_HEIGHT = 60;

/** jsbarcode's set C encoder; null for an odd count of digits. */
export function barcodePath(digits: string): { path: string; modules: number } | null {
  const symbol = new CODE128C(digits, {});
  if (!symbol.valid()) return null;
  const bits = symbol.encode().data;
  let path = '';
  for (let i = 0; i < bits.length; ) {
    if (bits[i] !== '1') {
      i += 1;
      continue;
    }
    let end = i;
    while (bits[end] === '1') end += 1;
    path += `M${i + QUIET_MODULES} 0h${end - i}v${BAR_HEIGHT}h-${end - i}z`;
    i = end;
  }
  return { path, modules: bits.length + 2 * QUIET_MODULES };
}

/** SVG, no canvas. */
export function Barcode({ digits, label }: { digits: string; label: string }) {
  const drawn = barcodePath(digits);
  if (!drawn) return null;
  return (
    <svg
      className="voucher__barcode"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawn.modules} ${BAR_HEIGHT}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      data-code={digits}
    >
      <rect width={drawn.modules} height={BAR_HEIGHT} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
