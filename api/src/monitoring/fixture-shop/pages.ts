/**
 * The fixture shop's HTML: product pages in each style (JSON-LD, microdata, selectors only,
 * JavaScript-rendered), listings, a captcha page. Pages carry what real shop pages carry around
 * the product (navigation, description, related products, footer), so parsing costs what it
 * costs on a real shop.
 */
import type { FixtureProduct, FixtureShopCatalogue } from './catalogue.ts';

export interface ProductState {
  product: FixtureProduct;
  price: number;
  /** A price before a sale, when the product is on sale. */
  regularPrice: number | null;
  availability: 'in_stock' | 'out_of_stock';
}

type Shop = Omit<FixtureShopCatalogue, 'products'>;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const LABELS = {
  cs: {
    inStock: 'Skladem',
    outOfStock: 'Není skladem',
    buy: 'Do košíku',
    brand: 'Výrobce',
    mpn: 'Kód výrobce',
    ean: 'EAN',
    related: 'Mohlo by vás zajímat',
    next: 'Další strana',
    category: 'Všechny produkty',
    vat: 's DPH',
    callForPrice: 'Cena na dotaz',
  },
  de: {
    inStock: 'Auf Lager',
    outOfStock: 'Nicht lieferbar',
    buy: 'In den Warenkorb',
    brand: 'Marke',
    mpn: 'Herstellernummer',
    ean: 'EAN',
    related: 'Das könnte Sie auch interessieren',
    next: 'Nächste Seite',
    category: 'Alle Produkte',
    vat: 'inkl. MwSt.',
    callForPrice: 'Preis auf Anfrage',
  },
  en: {
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    buy: 'Add to basket',
    brand: 'Brand',
    mpn: 'Model',
    ean: 'EAN',
    related: 'You may also like',
    next: 'Next page',
    category: 'All products',
    vat: 'incl. VAT',
    callForPrice: 'Call for price',
  },
};

/** A price as the shop's locale writes it: '1 299 Kč', '1.299,00 €', '€1,299.00'. */
export function formatFixturePrice(amount: number, shop: Pick<Shop, 'locale' | 'currency'>): string {
  const fixed = amount.toFixed(shop.currency === 'CZK' && Number.isInteger(amount) ? 0 : 2);
  const [whole, decimals] = fixed.split('.');
  const group = (separator: string) => whole!.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const symbol = { CZK: 'Kč', EUR: '€', USD: '$', GBP: '£' }[shop.currency];
  if (shop.locale === 'cs') return `${group('\u00a0')}${decimals ? `,${decimals}` : ''}\u00a0${symbol}`;
  if (shop.locale === 'de') return `${group('.')},${decimals ?? '-'}\u00a0${symbol}`;
  return `${symbol}${group(',')}${decimals ? `.${decimals}` : ''}`;
}

export const productPath = (shop: Pick<Shop, 'slug'>, product: FixtureProduct) =>
  `/shops/${shop.slug}/p/${product.id.toLowerCase()}-${product.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

function layout(shop: Shop, title: string, head: string, body: string): string {
  const nav = [
    'Telefony',
    'Tablety',
    'Audio',
    'Kuchyně',
    'Domácnost',
    'Počítače',
    'Hodinky',
    'Foto',
    'Hry',
    'Zahrada',
    'Sport',
    'Auto',
  ]
    .map((name, i) => `<li><a href="/shops/${shop.slug}/category?page=${(i % 3) + 1}">${name}</a></li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="${shop.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${escapeHtml(shop.name)}</title>
<link rel="stylesheet" href="/shops/${shop.slug}/static/shop.css">
${head}
</head>
<body class="shop-${shop.style}">
<header class="site-header">
  <a class="logo" href="/shops/${shop.slug}/">${escapeHtml(shop.name)}</a>
  <form class="search" action="/shops/${shop.slug}/search"><input type="search" name="q" placeholder="Hledat"><button>Hledat</button></form>
  <nav class="menu"><ul>${nav}</ul></nav>
</header>
<main id="content">
${body}
</main>
<footer class="site-footer">
  <div class="cols"><div><h4>Nákup</h4><ul><li><a href="/shops/${shop.slug}/info/doprava">Doprava a platba</a></li><li><a href="/shops/${shop.slug}/info/reklamace">Reklamace</a></li><li><a href="/shops/${shop.slug}/cart">Košík</a></li></ul></div>
  <div><h4>O nás</h4><p>${escapeHtml(shop.name)} s.r.o., Dlouhá 12, 110 00 Praha 1. Provozovna otevřena Po–Pá 8–18 h. Zákaznická linka +420 222 333 444.</p></div></div>
  <p class="copy">© 2026 ${escapeHtml(shop.name)}</p>
</footer>
</body>
</html>`;
}

function description(product: FixtureProduct): string {
  return `<section class="description"><h2>Popis</h2>
<p>${escapeHtml(product.name)} od značky ${escapeHtml(product.brand)} spojuje spolehlivost a moderní design. Výrobek prošel kontrolou kvality
a dodáváme jej v originálním balení s českým návodem. Záruka 24 měsíců, u firemních zákazníků 12 měsíců.</p>
<ul class="features"><li>Kompaktní rozměry</li><li>Nízká spotřeba energie</li><li>Snadná údržba</li><li>Servis v ČR</li></ul></section>`;
}

function related(shop: Shop, others: ProductState[]): string {
  const labels = LABELS[shop.locale];
  const tiles = others
    .map(
      (other) =>
        `<div class="tile"><a href="${productPath(shop, other.product)}"><img src="${other.product.image ?? ''}" alt="" loading="lazy"><span class="tile-name">${escapeHtml(other.product.name)}</span></a><span class="tile-price">${formatFixturePrice(other.price, shop)}</span></div>`,
    )
    .join('\n');
  return `<section class="related"><h2>${labels.related}</h2><div class="tiles">${tiles}</div></section>`;
}

interface PageOptions {
  baseUrl: string;
  /** Replace the price: null = "call for price". */
  priceOverride?: number | null;
  currencyOverride?: Shop['currency'];
  related: ProductState[];
}

const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function productPage(shop: Shop, state: ProductState, options: PageOptions): string {
  const { product } = state;
  const labels = LABELS[shop.locale];
  const url = `${options.baseUrl}${productPath(shop, product)}`;
  const image = product.image ? new URL(product.image, `${options.baseUrl}/shops/${shop.slug}/`).href : null;
  const currency = options.currencyOverride ?? shop.currency;
  const priceShown = options.priceOverride === undefined ? state.price : options.priceOverride;
  const money = (amount: number) => formatFixturePrice(amount, { locale: shop.locale, currency });
  const stock = state.availability === 'in_stock' ? labels.inStock : labels.outOfStock;
  const schemaAvailability =
    state.availability === 'in_stock' ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const canonical = `<link rel="canonical" href="${url}">`;

  if (shop.style === 'json-ld') {
    const offer: Record<string, unknown> = {
      '@type': 'Offer',
      url,
      priceCurrency: currency,
      availability: schemaAvailability,
      itemCondition: 'https://schema.org/NewCondition',
    };
    if (priceShown !== null) offer.price = priceShown.toFixed(2);
    if (priceShown !== null && state.regularPrice !== null) {
      offer.priceSpecification = [
        { '@type': 'UnitPriceSpecification', price: priceShown.toFixed(2), priceCurrency: currency },
        {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: state.regularPrice.toFixed(2),
          priceCurrency: currency,
        },
      ];
    }
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: shop.name, url: `${options.baseUrl}/shops/${shop.slug}/` },
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            {
              '@type': 'ListItem',
              position: 1,
              name: product.category ?? 'Produkty',
              item: `${options.baseUrl}/shops/${shop.slug}/category`,
            },
          ],
        },
        {
          '@type': 'Product',
          name: product.name,
          image: image ? [image] : undefined,
          sku: product.id,
          mpn: product.mpn ?? undefined,
          gtin13: product.gtin ?? undefined,
          brand: { '@type': 'Brand', name: product.brand },
          url,
          offers: offer,
        },
      ],
    };
    const head = `${canonical}
<meta property="og:type" content="product">
<meta property="og:title" content="${escapeHtml(product.name)}">
<meta property="og:url" content="${url}">
${image ? `<meta property="og:image" content="${image}">` : ''}
<script type="application/ld+json">${jsonForScript(graph)}</script>`;
    const body = `<nav class="breadcrumbs"><a href="/shops/${shop.slug}/category">${labels.category}</a> › ${escapeHtml(product.name)}</nav>
<div class="product">
  <div class="gallery"><img src="${image ?? ''}" alt="${escapeHtml(product.name)}"></div>
  <div class="buy">
    <h1>${escapeHtml(product.name)}</h1>
    <div class="prices">${state.regularPrice !== null && priceShown !== null ? `<del>${money(state.regularPrice)}</del> ` : ''}<strong>${priceShown === null ? labels.callForPrice : money(priceShown)}</strong> <small>${labels.vat}</small></div>
    <p class="availability">${stock}</p>
    <button class="add">${labels.buy}</button>
  </div>
</div>
${description(product)}
${related(shop, options.related)}`;
    return layout(shop, product.name, head, body);
  }

  if (shop.style === 'microdata') {
    const body = `<div class="product" itemscope itemtype="https://schema.org/Product">
  <link itemprop="url" href="${url}">
  <h1 itemprop="name">${escapeHtml(product.name)}</h1>
  ${image ? `<img itemprop="image" src="${image}" alt="">` : ''}
  <table class="specs">
    <tr><th>${labels.brand}</th><td itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">${escapeHtml(product.brand)}</span></td></tr>
    ${product.mpn ? `<tr><th>${labels.mpn}</th><td itemprop="mpn">${escapeHtml(product.mpn)}</td></tr>` : ''}
    ${product.gtin ? `<tr><th>${labels.ean}</th><td itemprop="gtin13">${product.gtin}</td></tr>` : ''}
  </table>
  <div class="buybox" itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    ${state.regularPrice !== null && priceShown !== null ? `<span class="old-price"><s>${money(state.regularPrice)}</s></span>` : ''}
    ${priceShown === null ? `<span class="price">${labels.callForPrice}</span>` : `<span class="price" itemprop="price" content="${priceShown.toFixed(2)}">${money(priceShown)}</span>`}
    <meta itemprop="priceCurrency" content="${currency}">
    <link itemprop="availability" href="${schemaAvailability}"><span class="delivery">${stock}</span>
  </div>
</div>
${description(product)}
${related(shop, options.related)}`;
    return layout(shop, product.name, canonical, body);
  }

  // selectors-only and JavaScript shops share their visible markup; the JavaScript shop's page
  // arrives empty and its script fills it from the shop's API
  const visible = (state: {
    price: number | null;
    regularPrice: number | null;
    availability: string;
  }) => `<div class="product-detail">
  <h1 class="product-title">${escapeHtml(product.name)}</h1>
  <img class="product-photo" src="/shops/${shop.slug}/static/placeholder.gif" data-src="${image ?? ''}" alt="">
  <div class="price-box">${state.regularPrice !== null && state.price !== null ? `<span class="price-before">${money(state.regularPrice)}</span>` : ''}<span class="price-now">${state.price === null ? labels.callForPrice : money(state.price)}</span></div>
  <div class="stock"><span class="stock-status">${state.availability === 'in_stock' ? labels.inStock : labels.outOfStock}</span></div>
  <table class="params"><tr><td>${labels.brand}:</td><td class="spec-brand">${escapeHtml(product.brand)}</td></tr>
  ${product.mpn ? `<tr><td>${labels.mpn}:</td><td class="spec-mpn">${escapeHtml(product.mpn)}</td></tr>` : ''}
  ${product.gtin ? `<tr><td>${labels.ean}:</td><td class="spec-ean">${product.gtin}</td></tr>` : ''}</table>
</div>`;
  if (shop.style === 'selectors') {
    return layout(
      shop,
      product.name,
      canonical,
      `${visible({ price: priceShown, regularPrice: state.regularPrice, availability: state.availability })}
${description(product)}
${related(shop, options.related)}`,
    );
  }
  const apiUrl = `/shops/${shop.slug}/api/products/${encodeURIComponent(product.id)}.json`;
  const script = `<script>
(async function () {
  const root = document.getElementById('product-root');
  const data = await (await fetch(${jsonForScript(apiUrl)})).json();
  const money = (amount) => new Intl.NumberFormat(${jsonForScript(shop.locale === 'cs' ? 'cs-CZ' : shop.locale === 'de' ? 'de-DE' : 'en-IE')}, { style: 'currency', currency: data.currency }).format(amount);
  root.innerHTML = ${jsonForScript(visible({ price: 0, regularPrice: null, availability: 'in_stock' }))};
  root.querySelector('.price-now').textContent = data.price === null ? ${jsonForScript(labels.callForPrice)} : money(data.price);
  if (data.regularPrice !== null) {
    const before = document.createElement('span');
    before.className = 'price-before';
    before.textContent = money(data.regularPrice);
    root.querySelector('.price-box').prepend(before);
  }
  root.querySelector('.stock-status').textContent = data.availability === 'in_stock' ? ${jsonForScript(labels.inStock)} : ${jsonForScript(labels.outOfStock)};
  root.setAttribute('data-ready', 'true');
})();
</script>`;
  return layout(
    shop,
    product.name,
    canonical,
    `<div id="product-root" class="loading"><div class="spinner"></div></div>
${description(product)}
${script}`,
  );
}

/** What the JavaScript shop's script loads. */
export function productJson(
  state: ProductState,
  options: Pick<PageOptions, 'priceOverride' | 'currencyOverride'>,
  shop: Shop,
): string {
  return JSON.stringify({
    id: state.product.id,
    price: options.priceOverride === undefined ? state.price : options.priceOverride,
    regularPrice: state.regularPrice,
    currency: options.currencyOverride ?? shop.currency,
    availability: state.availability,
  });
}

export function listingPage(shop: Shop, items: ProductState[], page: number, pages: number): string {
  const labels = LABELS[shop.locale];
  const tiles = items
    .map(
      (state) =>
        `<article class="card"><a class="card-link" href="${productPath(shop, state.product)}"><img src="${state.product.image ?? ''}" alt=""><h3>${escapeHtml(state.product.name)}</h3></a><p class="card-price">${formatFixturePrice(state.price, shop)}</p></article>`,
    )
    .join('\n');
  const pager = Array.from({ length: pages }, (_, i) => i + 1)
    .filter((n) => Math.abs(n - page) <= 2 || n === 1 || n === pages)
    .map((n) =>
      n === page ? `<span class="current">${n}</span>` : `<a href="/shops/${shop.slug}/category?page=${n}">${n}</a>`,
    )
    .join(' ');
  const next =
    page < pages
      ? `<a class="next" rel="next" href="/shops/${shop.slug}/category?page=${page + 1}">${labels.next}</a>`
      : '';
  return layout(
    shop,
    `${labels.category} – ${page}`,
    '',
    `<h1>${labels.category}</h1><div class="grid">${tiles}</div><nav class="pager">${pager} ${next}</nav>`,
  );
}

export function homePage(shop: Shop): string {
  return layout(
    shop,
    shop.name,
    '',
    `<h1>${escapeHtml(shop.name)}</h1><p><a href="/shops/${shop.slug}/category">${LABELS[shop.locale].category}</a></p>`,
  );
}

export function captchaPage(): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Ověření – nejste robot?</title></head>
<body><h1>Potvrďte prosím, že nejste robot</h1>
<form id="challenge-form" method="post" action="/__challenge"><div class="g-recaptcha" data-sitekey="fixture-site-key"></div><button>Pokračovat</button></form></body></html>`;
}
