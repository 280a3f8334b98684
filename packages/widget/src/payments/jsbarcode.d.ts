// jsbarcode ships types for its DOM entry only; the voucher uses its Code 128 set C encoder alone.
declare module 'jsbarcode/bin/barcodes/CODE128/CODE128C.js' {
  /** Code 128 set C: digits in pairs. encode().data is the symbol's modules, '1' a bar and '0' a space. */
  export default class CODE128C {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    encode(): { data: string; text: string };
  }
}
