import CODE128C from 'jsbarcode/bin/barcodes/CODE128/CODE128C.js';

/** Quiet zone on each side, in modules: Code 128 asks for at least ten. */
const QUIET_MODULES = 10;
const BAR_HEIGHT = 60;

/**
 * The bars of a digit code in Code 128 set C (jsbarcode's encoder), as an SVG path: one rectangle
 * per run of bars, in module units. Null when the code cannot be encoded (an odd count of digits).
 */
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

/**
 * The voucher's barcode, drawn as SVG (no canvas): the kiosk scans it instead of typing the code.
 * `label` names it for screen readers (the code it carries, grouped).
 */
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
