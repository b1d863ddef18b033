/**
 * Streaming Google Merchant XML (rss/channel/item or feed/entry, g: elements) and Heureka XML
 * (SHOP/SHOPITEM) -> feed rows. The stream is cut into items as it arrives and each item is
 * parsed on its own (saxes), so a broken element spoils its own row only. A file that is not
 * such a feed, an item that never closes, or a file that ends before its root closes (truncated)
 * fails the run with the position. Memory holds one item at a time (at most MAX_ITEM_CHARS).
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { FeedFileError, type FeedField, type RawRow } from './fields.ts';

export type XmlFormat = 'google_xml' | 'heureka_xml';

/** element name -> [field, priority]: a lower priority wins when an item has both. */
type ElementMap = Record<string, [FeedField, number]>;

const GOOGLE: ElementMap = {
  'g:id': ['id', 0],
  id: ['id', 1],
  'g:title': ['name', 0],
  title: ['name', 1],
  'g:brand': ['brand', 0],
  'g:gtin': ['gtin', 0],
  'g:ean': ['gtin', 1],
  'g:mpn': ['mpn', 0],
  'g:price': ['price', 0],
  // Price suggestions' cost and bounds (api/src/feeds/README.md): Merchant Center's cost of goods sold, and two elements of our own.
  'g:cost_of_goods_sold': ['cost', 0],
  'g:map_price': ['map', 0],
  'g:rrp': ['rrp', 0],
  'g:product_type': ['category', 0],
  'g:google_product_category': ['category', 1],
  'g:availability': ['availability', 0],
  'g:link': ['url', 0],
  link: ['url', 1],
  'g:image_link': ['image', 0],
};
const HEUREKA: ElementMap = {
  ITEM_ID: ['id', 0],
  PRODUCTNAME: ['name', 0],
  PRODUCT: ['name', 1],
  MANUFACTURER: ['brand', 0],
  EAN: ['gtin', 0],
  PRODUCTNO: ['mpn', 0],
  PRICE_VAT: ['price', 0],
  COST: ['cost', 0],
  PRICE_MAP: ['map', 0],
  PRICE_RRP: ['rrp', 0],
  CATEGORYTEXT: ['category', 0],
  DELIVERY_DATE: ['availability', 0],
  URL: ['url', 0],
  IMGURL: ['image', 0],
};

interface Layout {
  elements: ElementMap;
  item: RegExp;
  itemClose: (name: string) => string;
  root: RegExp;
  rootClose: RegExp;
  describe: string;
}

const LAYOUTS: Record<XmlFormat, Layout> = {
  google_xml: {
    elements: GOOGLE,
    item: /<(item|entry)(?=[\s>/])/g,
    itemClose: (name) => `</${name}>`,
    root: /<(rss|feed)[\s>]/,
    rootClose: /<\/(rss|feed)\s*>/,
    describe: 'a Google Merchant feed (<rss> or <feed>)',
  },
  heureka_xml: {
    elements: HEUREKA,
    item: /<(SHOPITEM)(?=[\s>/])/g,
    itemClose: (name) => `</${name}>`,
    root: /<SHOP[\s>]/,
    rootClose: /<\/SHOP\s*>/,
    describe: 'a Heureka feed (<SHOP>)',
  },
};

export const MAX_ITEM_CHARS = 4 * 1024 * 1024;

const countLines = (text: string, from = 0, to = text.length) => {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** One item's XML -> its row. */
export function parseItem(xml: string, line: number, elements: ElementMap): RawRow {
  const fields: RawRow['fields'] = {};
  const priorities: Partial<Record<FeedField, number>> = {};
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let current: { name: string; text: string } | null = null;
  /** The last field element opened (saxes closes an element before it reports a wrong close tag). */
  let lastName: string | null = null;
  let broken: RawRow['broken'];
  const keep = (name: string, value: string) => {
    const target = elements[name];
    if (!target) return;
    const [field, priority] = target;
    if ((priorities[field] ?? Infinity) <= priority) return;
    priorities[field] = priority;
    fields[field] = value;
  };
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 2) {
      current = { name: tag.name, text: '' };
      lastName = tag.name;
      // Atom: <link href="..."/>
      const href = tag.attributes.href;
      if (typeof href === 'string' && (tag.name === 'link' || tag.name === 'g:link')) keep(tag.name, href);
    }
  });
  parser.on('text', (text) => {
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    if (depth === 2 && current) {
      if (current.text.trim() || !elements[current.name] || elements[current.name]![0] !== 'url')
        keep(current.name, current.text);
      current = null;
    }
    depth--;
  });
  parser.on('error', (error) => {
    if (broken) return;
    const name = (current as { name: string } | null)?.name ?? lastName;
    const field = name && elements[name] ? elements[name]![0] : (name ?? 'item');
    const reason = error.message.replace(/^\d+:\d+: /, '');
    const errorLine = line + parser.line - 1;
    broken = {
      field,
      code: 'BROKEN_XML',
      reason: `broken XML element${name ? ` <${name}>` : ''} at line ${errorLine}, column ${parser.column}: ${reason}`,
      params: { ...(name ? { element: name } : {}), errorLine, errorColumn: parser.column, detail: reason },
    };
  });
  try {
    parser.write(xml).close();
  } catch {
    // reported through 'error'
  }
  return broken ? { line, fields, broken } : { line, fields };
}

export interface XmlReadOptions {
  /** Told how many characters each search for an item's start or end looked at (the benchmark and tests). */
  onScan?: (characters: number) => void;
}

/**
 * The file's items as rows, in batches (those of each chunk read). Each character is searched
 * once: an item that spans chunks is kept as its parts, and only each new chunk (with the few
 * characters before it that may hold the start of the closing tag) is searched for its end.
 */
export async function* readXmlRows(
  source: Readable,
  format: XmlFormat,
  options: XmlReadOptions = {},
): AsyncGenerator<RawRow[]> {
  const layout = LAYOUTS[format];
  const notThisFormat = () =>
    new FeedFileError(`The file is not ${layout.describe}`, 1, {
      code: 'NOT_THIS_FORMAT',
      values: { format: format.toUpperCase() },
    });
  const scanned = options.onScan ?? (() => undefined);
  const decoder = new StringDecoder('utf8');
  /** Text not yet read, outside any unfinished item. */
  let buffer = '';
  /** The line the buffer starts on. */
  let line = 1;
  let sawRoot = false;
  let items = 0;
  /** An item whose closing tag has not arrived yet: its parts so far. */
  let open: { name: string; close: string; line: number; parts: string[]; length: number; tail: string } | null = null;
  const tooLong = (name: string, itemLine: number) =>
    new FeedFileError(`The <${name}> element is not closed within ${MAX_ITEM_CHARS / 1024 / 1024} MB`, itemLine, {
      code: 'XML_ELEMENT_TOO_LONG',
      values: { element: name, megabytes: MAX_ITEM_CHARS / 1024 / 1024 },
    });

  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const rows: RawRow[] = [];
    if (open) {
      // Only the new text, after the last characters of the previous part (a closing tag cut in two).
      const searched = open.tail + text;
      const at = searched.indexOf(open.close);
      scanned(at < 0 ? searched.length : at + open.close.length);
      if (at < 0) {
        open.parts.push(text);
        open.length += text.length;
        open.tail = (open.tail + text).slice(-(open.close.length - 1));
        if (open.length > MAX_ITEM_CHARS) throw tooLong(open.name, open.line);
        continue;
      }
      const end = at - open.tail.length + open.close.length;
      open.parts.push(text.slice(0, end));
      const xml = open.parts.join('');
      items++;
      rows.push(parseItem(xml, open.line, layout.elements));
      line = open.line + countLines(xml);
      buffer = text.slice(end);
      open = null;
    } else {
      buffer += text;
    }
    if (!sawRoot) {
      sawRoot = layout.root.test(buffer);
      if (!sawRoot && buffer.length > 64 * 1024) throw notThisFormat();
      if (!sawRoot) continue;
    }
    // The cursor: everything before `position` (on line `positionLine`) is read.
    let position = 0;
    let positionLine = line;
    for (;;) {
      layout.item.lastIndex = position;
      const start = layout.item.exec(buffer);
      scanned((start ? start.index : buffer.length) - position);
      if (!start) break;
      const close = layout.itemClose(start[1]!);
      const end = buffer.indexOf(close, start.index);
      scanned((end < 0 ? buffer.length : end) - start.index);
      const itemLine = positionLine + countLines(buffer, position, start.index);
      if (end < 0) {
        const part = buffer.slice(start.index);
        if (part.length > MAX_ITEM_CHARS) {
          if (rows.length) yield rows.splice(0);
          throw tooLong(start[1]!, itemLine);
        }
        open = {
          name: start[1]!,
          close,
          line: itemLine,
          parts: [part],
          length: part.length,
          tail: part.slice(-(close.length - 1)),
        };
        position = buffer.length;
        positionLine = itemLine;
        break;
      }
      const xml = buffer.slice(start.index, end + close.length);
      items++;
      rows.push(parseItem(xml, itemLine, layout.elements));
      position = end + close.length;
      positionLine = itemLine + countLines(xml);
    }
    if (rows.length) yield rows;
    if (open) {
      buffer = '';
      continue;
    }
    // Keep a tail that may hold the start of the next item's tag (and the root's closing tag).
    const from = Math.max(position, buffer.length - 64);
    line = positionLine + countLines(buffer, position, from);
    buffer = buffer.slice(from);
  }
  buffer += decoder.end();
  if (open)
    throw new FeedFileError(
      `The file ends inside the <${open.name}> element that starts here (truncated?)`,
      open.line,
      {
        code: 'XML_TRUNCATED',
        values: { element: open.name },
      },
    );
  if (!sawRoot && !layout.root.test(buffer)) throw notThisFormat();
  layout.item.lastIndex = 0;
  const last = layout.item.exec(buffer);
  if (last) {
    const close = buffer.indexOf(layout.itemClose(last[1]!), last.index);
    if (close < 0)
      throw new FeedFileError(
        `The file ends inside the <${last[1]}> element that starts here (truncated?)`,
        line + countLines(buffer, 0, last.index),
        { code: 'XML_TRUNCATED', values: { element: last[1]! } },
      );
    items++;
    yield [
      parseItem(
        buffer.slice(last.index, close + last[1]!.length + 3),
        line + countLines(buffer, 0, last.index),
        layout.elements,
      ),
    ];
  }
  if (!layout.rootClose.test(buffer)) {
    throw new FeedFileError(
      `The file ends before its root element closes (truncated?) after ${items} items`,
      line + countLines(buffer),
      { code: 'XML_ROOT_NOT_CLOSED', values: { items } },
    );
  }
}
