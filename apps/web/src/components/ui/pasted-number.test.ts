import { describe, expect, it } from 'vitest';
import { numberFromPaste, pasteIntoBox } from './pasted-number';

describe('a value pasted into a measurement box', () => {
  it.each([
    ['46', '°C', '46'],
    ['  46.2 °C ', '°C', '46.2'],
    ['46.2°C', '°C', '46.2'],
    ['46.2 C', '°C', '46.2'],
    ['2,5 L/min', 'L/min', '2.5'],
    ['2.5 l/min', 'L/min', '2.5'],
    ['1 234,5', 'kWh', '1234.5'],
    ['1,234.5', 'kWh', '1234.5'],
    ['1.234,5', 'kWh', '1234.5'],
    ['1,234,567', undefined, '1234567'],
    ['−3.5', '°C', '-3.5'],
    ['- 3', '°C', '-3'],
    ['.5', 'bar', '.5'],
    ['12 kW', 'kW', '12'],
    ['  ', 'kW', ''],
  ])('%j into a box in %s keeps %j', (text, unit, value) => expect(numberFromPaste(text, unit)).toEqual({ value }));

  it.each([
    ['abc', '°C', 'Only a number can go in this box: "abc" is not one.'],
    ['46 bar', '°C', '"46 bar" is not in °C, which this box takes.'],
    ['46 °C', undefined, 'Only a number can go in this box.'],
    ['1.2.3', 'bar', 'Only a number can go in this box: "1.2.3" is not one.'],
    ['46 to 50', '°C', 'Only a number can go in this box: "46 to 50" is not one.'],
    [
      'SN-1001 and some more words here',
      undefined,
      'Only a number can go in this box: "SN-1001 and some more w…" is not one.',
    ],
  ])('%j into a box in %s is refused', (text, unit, error) => expect(numberFromPaste(text, unit)).toEqual({ error }));

  it('goes in where the cursor is, or over what is selected, and only if the whole still reads as a number', () => {
    expect(pasteIntoBox('4', '6.2 °C', [1, 1], '°C')).toEqual({ value: '46.2' });
    expect(pasteIntoBox('12.5', '3', [0, 2], 'bar')).toEqual({ value: '3.5' });
    expect(pasteIntoBox('1.5', '2.5', [3, 3], 'bar')).toEqual({
      error: '2.5 does not fit with what is already in the box.',
    });
    expect(pasteIntoBox('', 'abc', [0, 0], 'bar')).toEqual({
      error: 'Only a number can go in this box: "abc" is not one.',
    });
  });
});
