/**
 * A scraper's own per-field rules (FieldRule in scrape-types.ts): a CSS selector (its text or an
 * attribute), then optionally a regular expression over that text, or a JSON path into JSON
 * embedded in a script (`<script id="__DATA__" type="application/json">`, or
 * `window.__STATE__ = {...};`). Each rule yields the field's raw text; extract/index.ts reads it
 * like the same field from any other strategy.
 */
import type { CheerioAPI } from 'cheerio';
import type { ExtractionWarning, FieldRule, ProductField } from '../scrape-types.ts';
import { parseJsonPath, readJsonPath } from './json-path.ts';
import { visibleText } from './structured-data.ts';

export class RuleReader {
  private bodyText: string | undefined;
  private readonly scripts = new Map<string, unknown>();
  constructor(
    private readonly $: CheerioAPI,
    private readonly warnings: ExtractionWarning[],
  ) {}

  /** The rule's raw value, or undefined (with a warning) when it finds nothing. */
  read(field: ProductField, rule: FieldRule): string | number | undefined {
    const value = this.readRaw(field, rule);
    if (value === undefined || value === '') {
      this.warnings.push({
        code: 'rule_no_match',
        message: `The rule for ${field} found nothing on the page`,
        values: { field },
      });
      return undefined;
    }
    return value;
  }

  private readRaw(field: ProductField, rule: FieldRule): string | number | undefined {
    let text: string | number | undefined;
    if (rule.jsonPath) {
      const value = this.readEmbedded(field, rule.jsonPath.scriptSelector, rule.jsonPath.path);
      if (typeof value === 'number' && !rule.regex) return value;
      if (value === undefined) return undefined;
      text = String(value);
    } else if (rule.css) {
      let elements: ReturnType<CheerioAPI>;
      try {
        elements = this.$(rule.css);
      } catch {
        return undefined;
      }
      const element = elements.first();
      if (!element.length) return undefined;
      text = rule.attribute ? element.attr(rule.attribute) : element.text();
      if (text === undefined) return undefined;
      text = text.replace(/\s+/g, ' ').trim();
    } else {
      this.bodyText ??= visibleText(this.$, 'body');
      text = this.bodyText;
    }
    if (rule.regex) {
      let match: RegExpExecArray | null;
      try {
        match = new RegExp(rule.regex, 'u').exec(String(text));
      } catch {
        return undefined;
      }
      if (!match) return undefined;
      text = (match[1] ?? match[0]).trim();
    }
    return text;
  }

  private readEmbedded(field: ProductField, scriptSelector: string, path: string): unknown {
    const steps = parseJsonPath(path);
    if ('error' in steps) return undefined;
    if (!this.scripts.has(scriptSelector)) this.scripts.set(scriptSelector, this.parseScript(field, scriptSelector));
    const value = readJsonPath(this.scripts.get(scriptSelector), steps.steps);
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
  }

  private parseScript(field: ProductField, selector: string): unknown {
    let script: ReturnType<CheerioAPI>;
    try {
      script = this.$(selector).first();
    } catch {
      return undefined;
    }
    if (!script.length) return undefined;
    const text = script.text().trim();
    try {
      return JSON.parse(text);
    } catch {
      // an assignment: window.__STATE__ = {...};
      const start = text.search(/[[{]/);
      const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
      if (start >= 0 && end > start) {
        try {
          return JSON.parse(text.slice(start, end + 1));
        } catch {
          // reported below
        }
      }
      this.warnings.push({
        code: 'invalid_embedded_json',
        message: `The script "${selector}" read for ${field} holds no valid JSON`,
        values: { selector, field },
      });
      return undefined;
    }
  }
}
