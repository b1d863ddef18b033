/**
 * The small JSON path a scraper rule uses to read a value from JSON embedded in a page:
 * `product.offers[0].price`, `$.props["page-data"].price` (an optional leading `$`, `.name`,
 * `[index]`, `["name"]`). No wildcards or filters.
 */
export type JsonPathStep = string | number;

export function parseJsonPath(path: string): { steps: JsonPathStep[] } | { error: string } {
  const steps: JsonPathStep[] = [];
  let rest = path.trim();
  if (!rest) return { error: 'must not be empty' };
  if (rest.startsWith('$')) rest = rest.slice(1);
  else rest = `.${rest}`;
  while (rest) {
    let match = /^\.([A-Za-z_$][\w$-]*)/.exec(rest);
    if (match) {
      steps.push(match[1]!);
    } else if ((match = /^\[(\d+)\]/.exec(rest))) {
      steps.push(Number(match[1]));
    } else if ((match = /^\[(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\]/.exec(rest))) {
      steps.push((match[1] ?? match[2]!).replace(/\\(.)/g, '$1'));
    } else {
      return {
        error: `is not a valid path at "${rest.slice(0, 20)}" (use names, [index] and ["name"], e.g. product.offers[0].price)`,
      };
    }
    rest = rest.slice(match[0].length);
  }
  if (!steps.length) return { error: 'must name at least one step' };
  return { steps };
}

/** The value at the path, or undefined. */
export function readJsonPath(value: unknown, steps: JsonPathStep[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}
