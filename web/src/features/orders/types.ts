/*
 * The order API's shapes, under the names this feature uses: each is a name for a generated entry
 * (shared/api/types.ts, from the server's handlers), so a server change that breaks a screen breaks
 * the typecheck.
 */
export type {
  Breakup,
  CancelCheck,
  CancelCheckRequest,
  CancelOrderForm,
  CancelPrepaidOrderForm,
  Order,
  OrderAddress,
  OrderChoice,
  OrderDetail,
  OrderLine,
  OrderList,
  OrderListQuery,
  OrderPayment,
  OrderRefund,
  OrderTimelineStep,
  RefundOption,
  Reorder,
  ReorderForm,
  ReorderLeftOut,
} from '@/shared/api/types';
