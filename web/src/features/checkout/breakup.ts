import type { Breakup } from './types';

export type BreakupRow = { key: string; label: string; value: string; tone?: 'saving' | 'free' | 'total' };

const minus = (ui: string) => `−${ui}`;

/**
 * The price breakup, top to bottom: MRP, each discount (only those worth something), paid gifts,
 * gift wrap, shipping (FREE at 0), the cash handling fee (cash on delivery only), the wallet, and
 * the amount to pay. `coupon` names the code on its row.
 */
export function breakupRows(b: Breakup, opts: { cod: boolean; coupon?: string; pieces?: number }): BreakupRow[] {
  const rows: BreakupRow[] = [];
  const items = opts.pieces === undefined ? '' : ` (${opts.pieces} ${opts.pieces === 1 ? 'item' : 'items'})`;
  rows.push({ key: 'mrp', label: `Total MRP${items}`, value: b.mrp_total_ui });
  const saving = (key: string, label: string, amount: number, ui: string) => {
    if (amount > 0) rows.push({ key, label, value: minus(ui), tone: 'saving' });
  };
  saving('discount', 'Discount on MRP', b.discount, b.discount_ui);
  saving('bundle', 'Bundle offers', b.bundle_discount, b.bundle_discount_ui);
  saving('coupon', opts.coupon ? `Coupon ${opts.coupon}` : 'Coupon', b.coupon_discount, b.coupon_discount_ui);
  saving('upgrade', 'Upgrade offer', b.upgrade_discount, b.upgrade_discount_ui);
  saving('partner', 'Partner discount', b.affiliate_discount, b.affiliate_discount_ui);
  if (b.gifts > 0) rows.push({ key: 'gifts', label: 'Gifts', value: b.gifts_ui });
  if (b.gift_wrap > 0) rows.push({ key: 'gift-wrap', label: 'Gift wrap', value: b.gift_wrap_ui });
  rows.push(
    b.shipping > 0
      ? { key: 'shipping', label: 'Shipping', value: b.shipping_ui }
      : { key: 'shipping', label: 'Shipping', value: 'FREE', tone: 'free' },
  );
  if (opts.cod && b.cod_fee > 0) rows.push({ key: 'cod-fee', label: 'Cash handling fee', value: b.cod_fee_ui });
  if (b.wallet_used > 0) {
    rows.push({ key: 'order-total', label: 'Order total', value: b.order_total_ui });
    saving('wallet', 'Paid from wallet', b.wallet_used, b.wallet_used_ui);
  }
  rows.push({ key: 'to-pay', label: 'Amount to pay', value: b.to_pay_ui, tone: 'total' });
  return rows;
}
