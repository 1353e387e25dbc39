import Papa from 'papaparse';

/** Texts of the property CSV import. */
export const PROPERTY_IMPORT_TEXT = {
  pasteData: 'Paste the CSV lines, or choose a CSV file',
  noValid: 'No properties found: add a line for each flat (address, type) under the header',
  invalidLine: (line: string) => `Invalid format in line: ${line}`,
  /** Every email of the assigned-to column that is not an engineer of the site, named once. */
  unknownEngineers: (emails: readonly string[], site: string) =>
    `${emails.length === 1 ? `${emails[0]} is not an engineer` : `${emails.join(', ')} are not engineers`} of ${site}: add them under Users first (as engineers, members of ${site}), or leave their assigned-to column empty, then import again.`,
  refused: 'Nothing was imported: fix the lines listed, then import again',
} as const;

export { MAX_PROPERTY_IMPORT_ROWS } from './limits.js';

export interface PropertyImportRow {
  /** 1-based line number in the pasted text. */
  line: number;
  address: string;
  propertyType: string;
  /** The email of the engineer the property is assigned to (the optional third column), lower-cased. */
  assignedTo?: string;
  /** Where the flat is in the building (the optional fourth and fifth columns). */
  block?: string;
  floor?: string;
}

export interface PropertyImportLineError {
  line: number;
  /** The line as pasted. */
  text: string;
  /** "Invalid format in line: {line}" (the spec's text). */
  message: string;
  /** What exactly is wrong, so the admin can fix it. */
  reason: string;
}

export interface PropertyImportResult {
  rows: PropertyImportRow[];
  errors: PropertyImportLineError[];
  /** True when the first non-empty line was a header (address,type) and was skipped. */
  headerSkipped: boolean;
}

const ADDRESS_MAX = 300;
const PLACE_MAX = 60;
/** The columns, in the order a file without a header gives them; a header may name them in any order. */
const COLUMNS = ['address', 'type', 'assignedTo', 'block', 'floor'] as const;
type Column = (typeof COLUMNS)[number];
const HEADER_NAMES: Record<string, Column> = {
  address: 'address',
  type: 'type',
  propertytype: 'type',
  assignedto: 'assignedTo',
  block: 'block',
  floor: 'floor',
};
const headerName = (f: string) => HEADER_NAMES[f.trim().toLowerCase().replace(/[ _-]/g, '')];
/** A first line that names its columns (address and type at least), as a column order; else undefined. */
function headerOf(fields: string[]): Column[] | undefined {
  const names = fields.map(headerName);
  if (names.some((n) => n === undefined) || new Set(names).size !== names.length) return undefined;
  const cols = names as Column[];
  return cols.includes('address') && cols.includes('type') ? cols : undefined;
}
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/**
 * Parses pasted "address,type[,assigned to[,block[,floor]]]" lines (or columns named by a header line) with a real CSV parser: an address with commas works
 * when quoted, a first line "address,type" is skipped, the type must be one of the site's building types
 * (matched case-insensitively, stored in the site's spelling) and addresses must not repeat.
 * One property per line: a quoted value cannot span lines, so every error names its line.
 * The caller imports nothing when `errors` is not empty.
 */
export function parsePropertyImport(text: string, buildingTypes: readonly string[]): PropertyImportResult {
  const typeBySpelling = new Map(buildingTypes.map((t) => [t.trim().toLowerCase(), t]));
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: PropertyImportRow[] = [];
  const errors: PropertyImportLineError[] = [];
  const seen = new Map<string, number>();
  let headerSkipped = false;
  let first = true;
  let columns: readonly Column[] = COLUMNS;
  let named = false;

  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const fail = (reason: string) =>
      errors.push({ line, text: raw, message: PROPERTY_IMPORT_TEXT.invalidLine(raw.trim()), reason });

    const parsed = Papa.parse<string[]>(raw, { delimiter: ',', skipEmptyLines: false });
    const fields = (parsed.data[0] ?? []).map((f) => f.trim());
    if (first) {
      first = false;
      const header = headerOf(fields);
      if (header) {
        headerSkipped = true;
        columns = header;
        named = true;
        return;
      }
    }
    if (parsed.errors.length > 0) return fail(`${parsed.errors[0]!.message} (check the double quotes)`);
    if (fields.length > columns.length) {
      return fail(
        named
          ? `Expected at most ${columns.length} values (${columns.join(', ')}) but found ${fields.length}. Put an address that contains commas in double quotes.`
          : `Expected 2 to 5 values (address, type, assigned to, block, floor) but found ${fields.length}. Put an address that contains commas in double quotes.`,
      );
    }
    const value = (c: Column) => fields[columns.indexOf(c)] ?? '';
    const [address, type, assignedTo, block, floor] = COLUMNS.map(value) as [string, string, string, string, string];
    // Most often an address with commas and no quotes; else a mistyped email.
    if (assignedTo && !EMAIL.test(assignedTo))
      return fail(
        named
          ? `"${assignedTo}" is not an email address (assigned to).`
          : `Expected 2 values (address, type) but found ${fields.length}, and "${assignedTo}" is not an email address for the third (assigned to). Put an address that contains commas in double quotes.`,
      );
    if (block.length > PLACE_MAX || floor.length > PLACE_MAX)
      return fail(`A block or floor is longer than ${PLACE_MAX} characters.`);
    if (!address || !type) return fail('Each line needs an address and a property type, separated by a comma.');
    if (address.length > ADDRESS_MAX) return fail(`The address is longer than ${ADDRESS_MAX} characters.`);
    const propertyType = typeBySpelling.get(type.toLowerCase());
    if (!propertyType) {
      return fail(`"${type}" is not one of this site's property types (${buildingTypes.join(', ') || 'none'}).`);
    }
    const key = address.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) return fail(`The same address is already on line ${earlier}.`);
    seen.set(key, line);
    rows.push({
      line,
      address,
      propertyType,
      ...(assignedTo ? { assignedTo: assignedTo.toLowerCase() } : {}),
      ...(block ? { block } : {}),
      ...(floor ? { floor } : {}),
    });
  });

  return { rows, errors, headerSkipped };
}
