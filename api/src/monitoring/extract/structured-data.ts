/**
 * The schema.org products a page states: JSON-LD scripts (arrays and `@graph` included),
 * microdata (`itemscope` / `itemtype` / `itemprop`) and RDFa (`typeof` / `property`), each read
 * into plain objects (SchemaNode) that schema-product.ts interprets.
 */
import type { CheerioAPI } from 'cheerio';
import type { ExtractionWarning } from '../scrape-types.ts';
import { isProductNode, type SchemaNode } from './schema-product.ts';

/** The parts of a parsed element (domhandler's Element) read here. */
export interface Element {
  name: string;
  attribs: Record<string, string>;
  children: unknown[];
  parent: unknown;
}
const isElement = (node: unknown): node is Element => typeof node === 'object' && node !== null && 'attribs' in node;
export const select = ($: CheerioAPI, selector: string): Element[] =>
  ($(selector).toArray() as unknown[]).filter(isElement);
/** Cheerio's wrapper of an element. */
const wrap = ($: CheerioAPI, element: Element) => $(element as never);

/** The elements extraction reads, found in one walk over the document (no selector engine). */
export interface DocumentIndex {
  jsonLdScripts: Element[];
  metas: Element[];
  canonicalLinks: Element[];
  /** itemscope + itemtype */
  microdataItems: Element[];
  /** typeof (RDFa) */
  rdfaItems: Element[];
}

const indexes = new WeakMap<object, DocumentIndex>();

export function indexDocument($: CheerioAPI): DocumentIndex {
  const root = $.root()[0] as unknown as { children: unknown[] };
  const cached = indexes.get(root);
  if (cached) return cached;
  const index: DocumentIndex = { jsonLdScripts: [], metas: [], canonicalLinks: [], microdataItems: [], rdfaItems: [] };
  const stack: unknown[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop();
    if (!isElement(node)) continue;
    const attribs = node.attribs;
    switch (node.name) {
      case 'script':
        if (attribs.type?.trim().toLowerCase() === 'application/ld+json') index.jsonLdScripts.push(node);
        continue;
      case 'meta':
        if (attribs.property !== undefined || attribs.name !== undefined) index.metas.push(node);
        break;
      case 'link':
        if (attribs.rel && /(^|\s)canonical(\s|$)/i.test(attribs.rel)) index.canonicalLinks.push(node);
        break;
      case 'style':
        continue;
    }
    if (attribs.itemscope !== undefined && attribs.itemtype !== undefined) index.microdataItems.push(node);
    if (attribs.typeof !== undefined) index.rdfaItems.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  indexes.set(root, index);
  return index;
}

/** The text inside an element (its text nodes, in order). */
function textInside(element: Element): string {
  let text = '';
  for (const child of element.children) {
    if (isElement(child)) text += textInside(child);
    else if (typeof child === 'object' && child !== null && 'data' in child)
      text += String((child as { data: unknown }).data);
  }
  return text;
}

/** Every object in a JSON-LD value (arrays, @graph, nested values), depth first. */
function* walkJson(value: unknown, depth = 0): Generator<SchemaNode> {
  if (depth > 20 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) yield* walkJson(item, depth + 1);
    return;
  }
  const node = value as SchemaNode;
  yield node;
  for (const [key, child] of Object.entries(node)) {
    // a product's offers and variants are read with it, not as products of their own
    if (key === '@graph' || (!isProductNode(node) && typeof child === 'object')) yield* walkJson(child, depth + 1);
  }
}

export function jsonLdProducts($: CheerioAPI): { products: SchemaNode[]; warnings: ExtractionWarning[] } {
  const products: SchemaNode[] = [];
  const warnings: ExtractionWarning[] = [];
  for (const script of indexDocument($).jsonLdScripts) {
    const text = textInside(script).trim();
    if (!text) continue;
    let data: unknown;
    try {
      // some shops leave control characters (raw newlines in strings) in their JSON-LD
      data = JSON.parse(text.replace(/[\u0000-\u001f]+/g, ' '));
    } catch (error) {
      warnings.push({
        code: 'invalid_json_ld',
        message: `A JSON-LD script is not valid JSON (${(error as Error).message}); it was skipped`,
        values: { detail: (error as Error).message },
      });
      continue;
    }
    for (const node of walkJson(data)) if (isProductNode(node)) products.push(node);
  }
  // a ProductGroup's variants are products too: keep the group, which reads them
  return {
    products: products.filter(
      (node) =>
        !products.some((other) => other !== node && Array.isArray(other.hasVariant) && other.hasVariant.includes(node)),
    ),
    warnings,
  };
}

/** The value of a microdata property element (HTML's rules; `content` wins as shops use it on any element). */
function microdataValue($: CheerioAPI, element: Element): string {
  const attribs = element.attribs;
  if (attribs.content !== undefined) return attribs.content;
  switch (element.name) {
    case 'meta':
      return attribs.content ?? '';
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'img':
    case 'source':
    case 'track':
    case 'video':
      return attribs.src ?? attribs['data-src'] ?? '';
    case 'a':
    case 'area':
    case 'link':
      return attribs.href ?? '';
    case 'object':
      return attribs.data ?? '';
    case 'data':
    case 'meter':
      return attribs.value ?? '';
    case 'time':
      return attribs.datetime ?? wrap($, element).text();
    default:
      return wrap($, element).text();
  }
}

interface Vocabulary {
  /** The attribute holding an item's type. */
  typeAttribute: 'itemtype' | 'typeof';
  /** The attribute naming a property. */
  propertyAttribute: 'itemprop' | 'property';
  /** Whether the element starts an item of its own. */
  startsItem: (element: Element) => boolean;
  value: ($: CheerioAPI, element: Element) => string;
}

const MICRODATA: Vocabulary = {
  typeAttribute: 'itemtype',
  propertyAttribute: 'itemprop',
  startsItem: (element) => element.attribs.itemscope !== undefined,
  value: microdataValue,
};

const RDFA: Vocabulary = {
  typeAttribute: 'typeof',
  propertyAttribute: 'property',
  startsItem: (element) => element.attribs.typeof !== undefined,
  value: ($, element) => {
    const attribs = element.attribs;
    return attribs.content ?? attribs.resource ?? attribs.href ?? attribs.src ?? wrap($, element).text();
  },
};

/** 'https://schema.org/Offer' / 'schema:Offer' / 'Offer' -> the node's @type. */
const typeName = (text: string | undefined) => (text ? text.trim().split(/\s+/) : []);
/** 'schema:price' / 'https://schema.org/price' / 'price' -> 'price'. */
const propertyNames = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((name) => name.replace(/^https?:\/\/(www\.)?schema\.org\//i, '').replace(/^schema:/i, ''));

function readItem($: CheerioAPI, root: Element, vocabulary: Vocabulary, depth = 0): SchemaNode {
  const node: SchemaNode = { '@type': typeName(root.attribs[vocabulary.typeAttribute]) };
  const add = (name: string, value: unknown) => {
    const existing = node[name];
    if (existing === undefined) node[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else node[name] = [existing, value];
  };
  const visit = (element: Element) => {
    for (const child of element.children) {
      if (!isElement(child)) continue;
      const property = child.attribs[vocabulary.propertyAttribute];
      const nested = vocabulary.startsItem(child);
      if (property) {
        const value = nested && depth < 10 ? readItem($, child, vocabulary, depth + 1) : vocabulary.value($, child);
        for (const name of propertyNames(property)) add(name, value);
      }
      // a nested item's properties are its own
      if (!nested) visit(child);
    }
  };
  visit(root);
  return node;
}

/** Whether an ancestor of the element starts an item. */
function insideItem(element: Element, vocabulary: Vocabulary): boolean {
  for (let node = element.parent; isElement(node); node = node.parent) {
    if (node.attribs[vocabulary.typeAttribute] !== undefined) return true;
  }
  return false;
}

function itemsOf($: CheerioAPI, elements: Element[], vocabulary: Vocabulary): SchemaNode[] {
  const products: SchemaNode[] = [];
  for (const element of elements) {
    // an item that is some other item's property is read with that item
    if (element.attribs[vocabulary.propertyAttribute] && insideItem(element, vocabulary)) continue;
    const node = readItem($, element, vocabulary);
    if (isProductNode(node)) products.push(node);
  }
  return products;
}

export const microdataProducts = ($: CheerioAPI) => itemsOf($, indexDocument($).microdataItems, MICRODATA);
export const rdfaProducts = ($: CheerioAPI) => itemsOf($, indexDocument($).rdfaItems, RDFA);

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head']);

/** The text a visitor sees in the element (scripts, styles and templates left out), capped. */
export function visibleText($: CheerioAPI, selector: string, maxChars = 200_000): string {
  const parts: string[] = [];
  let length = 0;
  const visit = (nodes: unknown[]) => {
    for (const node of nodes) {
      if (length > maxChars) return;
      if (isElement(node)) {
        if (!HIDDEN.has(node.name)) visit(node.children);
      } else if (typeof node === 'object' && node !== null && (node as { type?: string }).type === 'text') {
        const data = (node as { data: string }).data;
        parts.push(data);
        length += data.length;
      }
    }
  };
  const root = select($, selector)[0];
  if (root) visit(root.children);
  return parts.join(' ').replace(/\s+/g, ' ');
}
