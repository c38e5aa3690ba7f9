import type { Cart, CartAttr, CartGiftOffer, CartLine, ProductCard } from '@/shared/api/types';

/** Test fixtures shaped like the demo server's answers (docs/api.md "Cart page"). */

export function lineFixture(over: Partial<CartLine> = {}): CartLine {
  return {
    id: 1,
    product_detail: {
      id: 1,
      name: 'Everyday Padded T-Shirt Bra',
      slug: 'everyday-padded-t-shirt-bra-black',
      sku: 'BR1001-BLK',
      url: '/product/everyday-padded-t-shirt-bra-black',
      img: '/media/products/BR1001-BLK/1.svg',
      color_name: 'Black',
      nonreturnable: false,
      max_cart_items: 5,
    },
    size: '34B',
    combo_sizes: null,
    quantity: 1,
    rem_quantity: 4,
    stock: { status: 1, available: 5 },
    unit_price: 79900,
    unit_price_ui: '₹799',
    mrp: 115000,
    mrp_ui: '₹1,150',
    line_total: 79900,
    line_total_ui: '₹799',
    is_deal: false,
    ...over,
  };
}

export function attrFixture(over: Partial<CartAttr> = {}): CartAttr {
  return {
    cart_id: 7,
    pieces: 2,
    mrp_total: 230000,
    mrp_total_ui: '₹2,300',
    subtotal: 159800,
    subtotal_ui: '₹1,598',
    bundle_discount: 9900,
    bundles: [{ key: 'bra-2-for-1499', title: 'Any 2 T-shirt bras for ₹1,499', discount: 9900, discount_ui: '₹99' }],
    coupon_code: '',
    coupon_discount: 0,
    coupon_discount_ui: '₹0',
    coupon_message: '',
    upgrade_discount: 0,
    upgrade_discount_ui: '₹0',
    affiliation_code: '',
    affiliate_name: '',
    affiliate_discount: 0,
    affiliate_discount_ui: '₹0',
    affiliate_message: '',
    gift_wrap: false,
    gift_wrap_charge: 0,
    gift_wrap_charge_ui: '₹0',
    gifts: 0,
    gifts_ui: '₹0',
    shipping: 0,
    shipping_ui: 'FREE',
    total: 149900,
    total_ui: '₹1,499',
    goods: 149900,
    goods_ui: '₹1,499',
    you_save: 80100,
    you_save_ui: '₹801',
    ...over,
  };
}

export const cardFixture = (over: Partial<ProductCard> = {}): ProductCard => ({
  id: 76,
  name: 'Cotton Hipster Panty',
  slug: 'cotton-hipster-panty-navy',
  url: '/product/cotton-hipster-panty-navy',
  img: '/media/products/PN1016-NVY/1.svg',
  color_name: 'Navy',
  rgbcode: '#1f2a44',
  rounded_up_unit_price: 29900,
  rounded_up_unit_price_ui: '₹299',
  old_price: 50000,
  old_price_ui: '₹500',
  offer_tag: '40% OFF',
  is_soldout: false,
  rating: 0,
  total_ratings_count: 0,
  ...over,
});

export function freeGiftFixture(over: Partial<CartGiftOffer> = {}): CartGiftOffer {
  return {
    id: 1,
    title: 'Free cotton hipster on orders of ₹1,999 or more',
    product: cardFixture(),
    price: 0,
    price_ui: '₹0',
    min_order: 199900,
    min_order_ui: '₹1,999',
    eligible: false,
    chosen_size: null,
    ...over,
  };
}

export function paidGiftFixture(over: Partial<CartGiftOffer> = {}): CartGiftOffer {
  return {
    id: 2,
    title: 'Add a satin slip for ₹499',
    product: cardFixture({
      id: 151,
      name: 'Satin Slip',
      slug: 'satin-slip-wine',
      url: '/product/satin-slip-wine',
      img: '/media/products/NW1031-WIN/1.svg',
    }),
    price: 49900,
    price_ui: '₹499',
    min_order: 99900,
    min_order_ui: '₹999',
    eligible: true,
    chosen_size: null,
    ...over,
  };
}

export function cartFixture(over: Partial<Cart> = {}): Cart {
  return {
    cart_items: [lineFixture(), lineFixture({ id: 2, size: '34C' })],
    cart_attr: attrFixture(),
    shipping_info: { title_text: 'Yay! You get free shipping on this order' },
    remaining_offers: { result: [] },
    cart_paid_gift_details: [],
    upgrade_offer_values: { offer_upgrade_message: '', selected_option: null, selected_message: '', options: [] },
    event_data: null,
    ...over,
  };
}
