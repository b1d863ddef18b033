/**
 * The committed Firebase Storage rules (storage.rules at the repository's root) evaluated for
 * every kind of request a client could send straight to either bucket. The Storage rules emulator
 * cannot run on these machines (firebase-tools refuses Java before 21, and its rules runtime is a
 * download), so this file evaluates the rules itself: it reads the file's `match` blocks and
 * `allow` statements and decides each request by the rules language's own semantics (a request is
 * allowed when any `allow` of a matching path grants its method and its condition holds). It
 * understands only literal conditions (`true`, `false`); a rule with any other condition fails
 * this test, so a richer rules file comes with a richer evaluation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RULES_FILE = fileURLToPath(new URL('../../../storage.rules', import.meta.url));

/** `read` covers get and list; `write` covers create, update and delete. */
const METHODS = { read: ['get', 'list'], write: ['create', 'update', 'delete'] } as const;
type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

interface Allow {
  /** The path of the enclosing match blocks, segment by segment. */
  path: string[];
  methods: Set<Method>;
  condition: boolean;
}

/** The `allow` statements of the file with the path of their match blocks. */
function parseRules(text: string): { version: string | null; service: string | null; allows: Allow[] } {
  const source = text.replace(/\/\/[^\n]*/g, '');
  const version = /rules_version\s*=\s*'([^']+)'\s*;/.exec(source)?.[1] ?? null;
  const service = /service\s+([\w.]+)\s*\{/.exec(source)?.[1] ?? null;
  const allows: Allow[] = [];
  const stack: string[][] = [];
  const depthOfMatch: number[] = [];
  let depth = 0;
  const tokens = source.matchAll(/match\s+(\S+)\s*\{|allow\s+([\w\s,]+?)\s*(?::\s*if\s+([^;]+))?;|\{|\}/g);
  for (const token of tokens) {
    const [whole, matchPath, methods, condition] = token;
    if (matchPath !== undefined) {
      depth += 1;
      depthOfMatch.push(depth);
      stack.push(matchPath.split('/').filter(Boolean));
    } else if (methods !== undefined) {
      const text = (condition ?? 'true').trim();
      if (text !== 'true' && text !== 'false')
        throw new Error(`This evaluation understands only literal conditions, not "${text}".`);
      const granted = new Set<Method>();
      for (const name of methods.split(',').map((m) => m.trim())) {
        if (name in METHODS) for (const m of METHODS[name as keyof typeof METHODS]) granted.add(m);
        else if (['get', 'list', 'create', 'update', 'delete'].includes(name)) granted.add(name as Method);
        else throw new Error(`Unknown method "${name}" in an allow statement.`);
      }
      allows.push({ path: stack.flat(), methods: granted, condition: text === 'true' });
    } else if (whole === '{') depth += 1;
    else if (whole === '}') {
      if (depthOfMatch.at(-1) === depth) {
        depthOfMatch.pop();
        stack.pop();
      }
      depth -= 1;
    }
  }
  return { version, service, allows };
}

/** Does a rule path (`b`, `{bucket}`, `o`, `{allPaths=**}`) match the request's path segments? */
function pathMatches(pattern: string[], segments: string[]): boolean {
  if (pattern.length === 0) return segments.length === 0;
  const [head, ...rest] = pattern;
  if (/^\{\w+=\*\*\}$/.test(head!)) return rest.length === 0; // rest of the path, zero or more segments
  if (segments.length === 0) return false;
  if (/^\{\w+\}$/.test(head!) || head === segments[0]) return pathMatches(rest, segments.slice(1));
  return false;
}

function allowed(rules: Allow[], bucket: string, objectPath: string, method: Method): boolean {
  const segments = ['b', bucket, 'o', ...objectPath.split('/').filter(Boolean)];
  return rules.some((rule) => rule.methods.has(method) && rule.condition && pathMatches(rule.path, segments));
}

const rules = parseRules(readFileSync(RULES_FILE, 'utf8'));

describe('storage.rules', () => {
  it('is a version 2 ruleset for Firebase Storage with at least one rule', () => {
    expect(rules.version).toBe('2');
    expect(rules.service).toBe('firebase.storage');
    expect(rules.allows.length).toBeGreaterThan(0);
  });

  it('the evaluation tells allowed from denied (checked on a ruleset that allows)', () => {
    const open = parseRules(
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /languages/{file} { allow read: if true; } } }",
    );
    expect(allowed(open.allows, 'public', 'languages/cs.json', 'get')).toBe(true);
    expect(allowed(open.allows, 'public', 'languages/cs.json', 'create')).toBe(false);
    expect(allowed(open.allows, 'public', 'languages/drafts/cs.json', 'get')).toBe(false);
    expect(allowed(open.allows, 'main', 'reports/q1.json', 'get')).toBe(false);
  });

  const BUCKETS = ['price-console-dev-main', 'price-console-dev-public', 'price-console-prod-main'];
  const PATHS = [
    'languages/cs.json',
    'languages/',
    'reports/q1.json',
    'organizations/00000000-0000-4000-8000-000000000001/exports/a.json',
    'a',
    '',
  ];
  const REQUESTS = BUCKETS.flatMap((bucket) =>
    PATHS.flatMap((path) =>
      (['get', 'list', 'create', 'update', 'delete'] as const).map((method) => [bucket, path, method] as const),
    ),
  );
  it.each(REQUESTS)('denies a direct request to bucket %s, path "%s": %s', (bucket, path, method) => {
    expect(allowed(rules.allows, bucket, path, method)).toBe(false);
  });
});
