import type { Me, Product, SizeItem, SizesResponse, Timer } from '@/shared/api/types';

/** The example product of docs/api.md. */
export function productFixture(over: Partial<Product> = {}): Product {
  return {
    id: 12,
    name: 'Padded T-shirt Bra',
    translated_name: 'पैडेड टी-शर्ट ब्रा',
    slug: 'padded-t-shirt-bra-black-12',
    sku: 'BR1012-BLK',
    parent_sku: 'BR1012',
    url: '/product/padded-t-shirt-bra-black-12',
    img: '/media/products/BR1012-BLK/1.svg',
    combo: false,
    multicombo: false,
    is_freesize_prod: false,
    is_soldout: false,
    active: true,
    max_cart_items: 5,
    rounded_up_unit_price: 79900,
    rounded_up_unit_price_ui: '₹799',
    old_price: 129900,
    old_price_ui: '₹1,299',
    offer_tag: '38% OFF',
    offer_text: 'Buy 3 for ₹1,499',
    is_generic_offer_party_msg: false,
    star_rating_admin: false,
    rating: [4.3, 4.1],
    total_ratings: [57, 61, 12, [40, 9, 4, 2, 2], [66, 15, 7, 5, 7], [70, 16, 7, 4, 3]],
    nonreturnable: false,
    channel_type: 1,
    speed: 22.5,
    beginner: false,
    preorder: false,
    newarrivals: true,
    is_cotton_comforty: false,
    has_cotton_label: false,
    all_category_with_parents: [1],
    categories: [{ id: 1, name: 'Bras', slug: 'bras' }],
    size_chart_image: ['/media/size-charts/bra-in.svg', '/media/size-charts/bra-cm.svg'],
    gallery: [
      { type: 'image', img_m: '/m/1.svg', img_l: '/l/1.svg', thumbnail_url: '/t/1.svg', embed: '' },
      { type: 'video', img_m: '/m/2.svg', img_l: '/l/2.svg', thumbnail_url: '/t/2.svg', embed: '/media/videos/x.mp4' },
    ],
    more_colors: [
      {
        slug: 'padded-t-shirt-bra-black-12',
        url: '/product/padded-t-shirt-bra-black-12',
        color_name: 'Black',
        small_image: '',
        is_soldout: false,
        sku: 'BR1012-BLK',
        rgbcode: '#1d1d1f',
      },
      {
        slug: 'padded-t-shirt-bra-nude-13',
        url: '/product/padded-t-shirt-bra-nude-13',
        color_name: 'Nude',
        small_image: '',
        is_soldout: true,
        sku: 'BR1012-NUD',
        rgbcode: '#e3bc9a',
      },
    ],
    is_in_wishlist: false,
    pinit_path: '',
    get_meta_title: 'Padded T-shirt Bra',
    rvp: { sold_count: 1240 },
    designer_note: '',
    page_extension_mob: '<p>Soft <strong>moulded</strong> cups.</p>',
    manufactured_by: 'Drape Apparel Pvt Ltd, Bengaluru',
    manufactured_by_label: 'Manufactured By',
    marketed_by: 'Drape Retail Pvt Ltd, Mumbai',
    marketed_by_label: 'Marketed By',
    country_of_origin: 'India',
    product_label_list: [],
    fittest_code_in_fitguide: '',
    fittest_size_in_all_size: '',
    ...over,
  };
}

export function sizeFixture(value: string, quantity: number, over: Partial<SizeItem> = {}): SizeItem {
  return {
    label: value,
    value,
    quantity,
    sku: `BR1012-BLK-${value}`,
    productId: 12,
    is_auto_select_size: false,
    fit_size_msg: '',
    urgency_message: quantity > 0 && quantity <= 5 ? `${quantity} left` : '',
    ws_stock: null,
    ...over,
  };
}

export function sizesFixture(sizes: SizeItem[]): SizesResponse {
  return {
    status: 'success',
    result: {
      size: sizes,
      comboSizes: [],
      possible_variation_list: sizes.filter((s) => s.quantity > 0).map((s) => s.value),
      list_qty: Object.fromEntries(sizes.map((s) => [s.value, s.quantity])),
      urgency_message_product: {},
      cart_pieces: 0,
      max_cart_items: 5,
    },
  };
}

/** An offer timer that started a second ago and runs three more hours. */
export function timerFixture(over: Partial<Timer> = {}): Timer {
  const now = Date.now();
  return {
    id: 1,
    startdate: '',
    starttime: '',
    enddate: '',
    endtime: '',
    hexcode: '#5b1a3a',
    text_hexcode: '#ffffff',
    text: 'Sale ends in',
    starts_at_ms: now - 1000,
    ends_at_ms: now + 3 * 3_600_000,
    ...over,
  };
}

/** GET /api/v1/me/ for a guest, with `over` changed. */
export function meFixture(over: Partial<Me> = {}): Me {
  return {
    is_authenticated: false,
    user: null,
    wishlistCount: 0,
    cartCount: 0,
    notificationCount: 0,
    buy_now_login_prompt: false,
    image_quality: 80,
    ...over,
  };
}
