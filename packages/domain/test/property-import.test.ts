import { describe, expect, it } from 'vitest';
import { parsePropertyImport, PROPERTY_IMPORT_TEXT } from '../src/index.js';

const TYPES = ['1b2p', '2b4p', '3b5p'];

describe('parsePropertyImport', () => {
  it('reads address,type lines and keeps quoted addresses with commas whole', () => {
    const r = parsePropertyImport('Flat 1,1b2p\n"Flat 2, Block B, High St",2b4p\n  Flat 3 , 3b5p  ', TYPES);
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      { line: 1, address: 'Flat 1', propertyType: '1b2p' },
      { line: 2, address: 'Flat 2, Block B, High St', propertyType: '2b4p' },
      { line: 3, address: 'Flat 3', propertyType: '3b5p' },
    ]);
  });

  it.each([
    ['address,type', true],
    ['Address, Property Type', true],
    ['ADDRESS,property_type', true],
    ['address,1b2p', false],
  ])('treats a first line %j as a header only when it names the columns (%s)', (first, skipped) => {
    const r = parsePropertyImport(`${first}\nFlat 1,1b2p`, TYPES);
    expect(r.headerSkipped).toBe(skipped);
    expect(r.rows.map((p) => p.address)).toEqual(skipped ? ['Flat 1'] : ['address', 'Flat 1']);
  });

  it('only skips a header on the first non-empty line', () => {
    const r = parsePropertyImport('\n\nFlat 1,1b2p\naddress,type', TYPES);
    expect(r.headerSkipped).toBe(false);
    expect(r.errors.map((e) => e.line)).toEqual([4]);
  });

  it('skips blank lines but keeps real line numbers, with Windows line endings too', () => {
    const r = parsePropertyImport('\uFEFFFlat 1,1b2p\r\n\r\n   \r\nFlat 2,2b4p\r\n', TYPES);
    expect(r.rows.map((p) => p.line)).toEqual([1, 4]);
  });

  it('matches the type case-insensitively and stores the site spelling', () => {
    expect(parsePropertyImport('Flat 1,1B2P', TYPES).rows[0]!.propertyType).toBe('1b2p');
  });

  it.each([
    ['Flat 1', 'Each line needs an address and a property type'],
    ['Flat 1,', 'Each line needs an address and a property type'],
    [',1b2p', 'Each line needs an address and a property type'],
    ['Flat 1, High St, 1b2p', 'Expected 2 values (address, type) but found 3'],
    ['"Flat 1, High St,1b2p', 'check the double quotes'],
    ['Flat 1,4b6p', '"4b6p" is not one of this site\'s property types (1b2p, 2b4p, 3b5p)'],
    [`${'x'.repeat(301)},1b2p`, 'longer than 300 characters'],
  ])('rejects %j with the spec message and a reason', (line, reason) => {
    const r = parsePropertyImport(line, TYPES);
    expect(r.rows).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.message).toBe(PROPERTY_IMPORT_TEXT.invalidLine(line.trim()));
    expect(r.errors[0]!.message.startsWith('Invalid format in line: ')).toBe(true);
    expect(r.errors[0]!.reason).toContain(reason);
  });

  it('lists every bad line with its number, and a repeated address points to the first', () => {
    const r = parsePropertyImport('Flat 1,1b2p\nbad\nflat 1,2b4p\nFlat 2,9z9z\nFlat 3,3b5p', TYPES);
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [2, 'Each line needs an address and a property type, separated by a comma.'],
      [3, 'The same address is already on line 1.'],
      [4, '"9z9z" is not one of this site\'s property types (1b2p, 2b4p, 3b5p).'],
    ]);
    expect(r.rows.map((p) => p.line)).toEqual([1, 5]);
  });

  it('finds nothing in blank text or a header alone', () => {
    expect(parsePropertyImport('  \n ', TYPES)).toEqual({ rows: [], errors: [], headerSkipped: false });
    expect(parsePropertyImport('address,type\n', TYPES).rows).toEqual([]);
  });

  it('has the spec texts', () => {
    expect(PROPERTY_IMPORT_TEXT.pasteData).toBe('Paste the CSV lines, or choose a CSV file');
    expect(PROPERTY_IMPORT_TEXT.noValid).toBe(
      'No properties found: add a line for each flat (address, type) under the header',
    );
  });
});

describe('parsePropertyImport: the Assigned To column', () => {
  it('reads an optional third value as the engineer email, lower-cased, under an optional header', () => {
    const r = parsePropertyImport(
      'address,type,assigned to\nFlat 1,1b2p,Erin@Example.com\nFlat 2,2b4p\nFlat 3,2b4p,',
      TYPES,
    );
    expect(r.headerSkipped).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      { line: 2, address: 'Flat 1', propertyType: '1b2p', assignedTo: 'erin@example.com' },
      { line: 3, address: 'Flat 2', propertyType: '2b4p' },
      { line: 4, address: 'Flat 3', propertyType: '2b4p' },
    ]);
  });

  it('names a third value that is not an email, and a sixth value', () => {
    const r = parsePropertyImport('Flat 1,1b2p,Erin\nFlat 2,1b2p,a@b.co,A,1,extra', TYPES);
    expect(r.rows).toEqual([]);
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [
        1,
        'Expected 2 values (address, type) but found 3, and "Erin" is not an email address for the third (assigned to). Put an address that contains commas in double quotes.',
      ],
      [
        2,
        'Expected 2 to 5 values (address, type, assigned to, block, floor) but found 6. Put an address that contains commas in double quotes.',
      ],
    ]);
  });

  it('reads block and floor after the assigned engineer, or in any order a header names', () => {
    const plain = parsePropertyImport('Flat 1,1b2p,,Block A,2\nFlat 2,2b4p,erin@example.com,B', TYPES);
    expect(plain.errors).toEqual([]);
    expect(plain.rows).toEqual([
      { line: 1, address: 'Flat 1', propertyType: '1b2p', block: 'Block A', floor: '2' },
      { line: 2, address: 'Flat 2', propertyType: '2b4p', assignedTo: 'erin@example.com', block: 'B' },
    ]);
    const named = parsePropertyImport('Floor,Block,Address,Property Type\n3,C,"Flat 9, C",3b5p', TYPES);
    expect(named.headerSkipped).toBe(true);
    expect(named.rows).toEqual([{ line: 2, address: 'Flat 9, C', propertyType: '3b5p', block: 'C', floor: '3' }]);
    const long = parsePropertyImport(`Flat 1,1b2p,,${'x'.repeat(61)}`, TYPES);
    expect(long.errors[0]?.reason).toBe('A block or floor is longer than 60 characters.');
  });
});
