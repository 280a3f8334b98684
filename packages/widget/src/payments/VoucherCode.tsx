import { groupVoucherCode, voucherBarcodeValue, voucherCodeDigits } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { CopyButton } from './CopyButton';
import { Barcode } from './Barcode';

export function VoucherCode({ code }: { code: string }) {
  const grouped = groupVoucherCode(code);
  const digits = voucherCodeDigits(code);
  const barcode = voucherBarcodeValue(code);
  return (
    <div className="voucher__code-box">
      <p className="voucher__label" id="voucher-code-label">
        {t('cash_code_label')}
      </p>
      <p className="voucher__code" aria-describedby="voucher-code-label" data-digits={digits}>
        {grouped}
      </p>
      {barcode ? <Barcode digits={barcode} label={t('cash_barcode_label', { code: grouped })} /> : null}
      <CopyButton value={digits} label={t('cash_copy_code')} />
    </div>
  );
}
