/**
 * The feed file of the feed benchmarks (feed-import.ts, feed-parse.ts): `rows` products as CSV
 * (';'), prices written the Czech way ('1234,50 Kč'), names with HTML in them, valid EAN-13s.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The feed's column mapping (our field -> the file's column). */
export const BENCH_FEED_MAPPING = {
  id: 'ITEM_ID',
  name: 'NAME',
  price: 'PRICE',
  gtin: 'EAN',
  brand: 'BRAND',
  category: 'CATEGORY',
  url: 'URL',
};

function ean(n: number): string {
  const body = String(200_000_000_000 + n);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/** The feed file, written with backpressure (never held whole). */
export async function writeFeed(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('ITEM_ID;NAME;PRICE;EAN;BRAND;CATEGORY;URL\n');
  let chunk = '';
  for (let n = 1; n <= rows; n++) {
    const price = `${Math.floor(n % 9000) + 10},${String(n % 100).padStart(2, '0')} Kč`;
    chunk += `SKU-${n};"Product ${n} <b>${n % 13 ? 'standard' : 'special'}</b>";${price};${ean(n)};Brand ${n % 97};Category ${n % 31};https://shop.example/p/${n}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
