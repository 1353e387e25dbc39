import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  REPORT_CSV_COLUMNS,
  REPORT_CSV_FORMAT,
  csvLine,
  neutraliseCsvCell,
  reportCsvHeaderLine,
  reportCsvLine,
  reportCsvRow,
  reportsCsv,
  roomCheckText,
  wizardDataSchema,
  yesNoNa,
  type ReportCsvInput,
  type WizardDataInput,
} from '../src/index.js';
import { PASSING_PHOTO_ID, passingCheck, photoRef, roomsSetAsExpected } from '../testing/check-data.js';

function report(overrides: Partial<ReportCsvInput> = {}, data: WizardDataInput = {}): ReportCsvInput {
  return {
    propertyAddress: 'Flat 1, Marsh House',
    siteName: 'Marsh Court',
    dwellingType: '2b4p',
    hiuModel: 'Evo 40',
    hiuSerial: 'SN123',
    engineerName: 'Eddie Engineer',
    overallStatus: 'PASS',
    startTime: '2026-03-02T09:00:00.000Z',
    completedAt: '2026-03-02T10:25:00.000Z',
    notes: '',
    wizardData: wizardDataSchema.parse(data),
    ...overrides,
  };
}

const cell = (row: string[], column: (typeof REPORT_CSV_COLUMNS)[number]) => row[REPORT_CSV_COLUMNS.indexOf(column)];

describe('CSV columns', () => {
  it('keeps the spec order with the ruling-2 columns in place of the eleven phantom ones', () => {
    expect(REPORT_CSV_COLUMNS).toHaveLength(41);
    expect(REPORT_CSV_COLUMNS.slice(0, 3)).toEqual(['Property Address', 'Site Name', 'Dwelling Type']);
    const i = REPORT_CSV_COLUMNS.indexOf('Radiator Rooms Checked');
    expect(REPORT_CSV_COLUMNS.slice(i + 1, i + 12)).toEqual([
      'Heating Secondary Flow Temp',
      'Heating Secondary Return Temp',
      'Heating Primary Flow Temp',
      'Heating Primary Return Temp',
      'Heating Power',
      'CWS Temp',
      'Reached 45C in 45s',
      'DHW Kitchen Tap Temp',
      'DHW Primary Flow Temp',
      'DHW Primary Return Temp',
      'DHW Power',
    ]);
    expect(REPORT_CSV_COLUMNS.slice(-8)).toEqual([
      'Photos Uploaded',
      'Heating Controller Confirmed',
      'Signature Captured',
      'Notes',
      'Time to 45C',
      '45C Answer Override Reason',
      'Steps Completed',
      'Location at Submit',
    ]);
    expect(REPORT_CSV_COLUMNS).not.toContain('CWS Flow Temp');
  });

  it('quotes every header value', () => {
    expect(reportCsvHeaderLine().startsWith('"Property Address","Site Name","Dwelling Type",')).toBe(true);
    expect(reportCsvHeaderLine().endsWith('"Steps Completed","Location at Submit"\r\n')).toBe(true);
  });
});

describe('neutraliseCsvCell', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['-', "'-"],
    ['-1.5', '-1.5'],
    ['-0', '-0'],
    ['-.5', '-.5'],
    ['1.5', '1.5'],
    ['Flat = 2', 'Flat = 2'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(neutraliseCsvCell(input)).toBe(output);
  });
});

describe('csvLine', () => {
  it.each([
    [['a', 'b'], '"a","b"\r\n'],
    [['say "hi"'], '"say ""hi"""\r\n'],
    [['a,b', ''], '"a,b",""\r\n'],
    [['line\nbreak'], '"line\nbreak"\r\n'],
  ])('%j', (cells, line) => {
    expect(csvLine(cells)).toBe(line);
  });
});

describe('reportCsvRow', () => {
  it('writes a full passing report cell by cell', () => {
    const row = reportCsvRow(
      report(
        { notes: 'All good' },
        passingCheck({
          radiators: { roomChecks: { ...roomsSetAsExpected({ Hall: '2.5' }), Kitchen: { valveSetting: '3' } } },
          dhwChecks: { cwsTemp: '' },
          photosSignature: {
            photos: [photoRef(PASSING_PHOTO_ID, 'HIU'), photoRef('22222222-2222-4222-8222-222222222222', '')],
          },
        }),
      ),
    );
    expect(Object.fromEntries(REPORT_CSV_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      'Property Address': 'Flat 1, Marsh House',
      'Site Name': 'Marsh Court',
      'Dwelling Type': '2b4p',
      'HIU Model': 'Evo 40',
      'HIU Serial': 'SN123',
      'Engineer Name': 'Eddie Engineer',
      'Overall Status': 'PASS',
      'Start Time': '02/03/2026, 09:00',
      'Completed At': '02/03/2026, 10:25',
      Duration: '1h 25m',
      'Meter Start Reading': '100.5',
      'Meter End Reading': '101.25',
      'Remote Cut Off Valve Serial': '12345',
      'Bypass Valve Closed': 'Yes',
      'Strainer Clean': 'Yes',
      'Transit Clips Removed': 'Yes',
      'Meter OK': 'Yes',
      'System Pressure': '1.2',
      'Standby Flow Temp': '46',
      'Standby Return Temp': '41',
      'Standby Flow Rate': '2.5',
      'Radiator Rooms Checked': 'Hall: 2.5 (expected 2.5); Kitchen: 3',
      'Heating Secondary Flow Temp': '52',
      'Heating Secondary Return Temp': '42',
      'Heating Primary Flow Temp': '65',
      'Heating Primary Return Temp': '55',
      'Heating Power': '10',
      'CWS Temp': '',
      'Reached 45C in 45s': 'Yes',
      'DHW Kitchen Tap Temp': '47',
      'DHW Primary Flow Temp': '60',
      'DHW Primary Return Temp': '50',
      'DHW Power': '15',
      'Photos Uploaded': '2 photo(s)',
      'Heating Controller Confirmed': 'Yes',
      'Signature Captured': 'Yes',
      Notes: 'All good',
      'Time to 45C': '',
      '45C Answer Override Reason': '',
      'Steps Completed': '',
      'Location at Submit': '',
    });
  });

  it('shows the timed 45 °C seconds, an override reason, the step stamps and the location', () => {
    const row = reportCsvRow(
      report(
        {},
        {
          dhwChecks: { fortyFiveIn45: true, fortyFiveSeconds: '47.3', fortyFiveOverrideReason: 'Tap was half open' },
          stepCompletedAt: { 'basic-info': '2026-03-02T09:05:00.000Z', dhw: '2026-03-02T10:01:00.000Z' },
          submitLocation: { latitude: 51.50741, longitude: -0.12779, accuracy: 12.4, at: '2026-03-02T10:25:00.000Z' },
        },
      ),
    );
    expect(cell(row, 'Time to 45C')).toBe('47.3 s');
    expect(cell(row, '45C Answer Override Reason')).toBe('Tap was half open');
    expect(cell(row, 'Steps Completed')).toBe('1 Basic Information 02/03/2026, 09:05; 6 DHW Checks 02/03/2026, 10:01');
    // A negative longitude starts with a digit after the comma: never mistaken for a formula.
    expect(cell(row, 'Location at Submit')).toBe('51.50741, -0.12779 (±12 m) at 02/03/2026, 10:25');
  });

  it('shows N/A for unanswered checks and No for a missing controller or signature', () => {
    const row = reportCsvRow(report({ overallStatus: 'FAIL' }, { initialChecks: { bypassClosed: false } }));
    expect(cell(row, 'Bypass Valve Closed')).toBe('No');
    expect(cell(row, 'Strainer Clean')).toBe('N/A');
    expect(cell(row, 'Reached 45C in 45s')).toBe('N/A');
    expect(cell(row, 'Heating Controller Confirmed')).toBe('No');
    expect(cell(row, 'Signature Captured')).toBe('No');
    expect(cell(row, 'Photos Uploaded')).toBe('No photos');
    expect(cell(row, 'Radiator Rooms Checked')).toBe('');
  });

  it.each([
    ['2026-03-02T09:00:00Z', '2026-03-02T09:45:59Z', '45m'],
    ['2026-03-02T09:00:00Z', '2026-03-02T11:00:00Z', '2h 0m'],
    ['', '2026-03-02T11:00:00Z', ''],
  ])('duration from %s to %s is %j', (startTime, completedAt, duration) => {
    expect(cell(reportCsvRow(report({ startTime, completedAt })), 'Duration')).toBe(duration);
  });

  it('shows summer dates on London time', () => {
    const row = reportCsvRow(report({ completedAt: '2026-07-01T23:30:00Z' }));
    expect(cell(row, 'Completed At')).toBe('02/07/2026, 00:30');
  });

  it('neutralises formulas typed into free text but keeps negative readings', () => {
    const row = reportCsvRow(
      report(
        { notes: '=HYPERLINK("http://x")', propertyAddress: '@home', engineerName: '+Eve' },
        { standbyMode: { flowTemp: '-1.5' } },
      ),
    );
    expect(cell(row, 'Notes')).toBe('\'=HYPERLINK("http://x")');
    expect(cell(row, 'Property Address')).toBe("'@home");
    expect(cell(row, 'Engineer Name')).toBe("'+Eve");
    expect(cell(row, 'Standby Flow Temp')).toBe('-1.5');
  });
});

describe('helpers', () => {
  it.each([
    [true, 'Yes'],
    [false, 'No'],
    [null, 'N/A'],
  ] as const)('yesNoNa(%s) = %s', (v, text) => expect(yesNoNa(v)).toBe(text));

  it.each([
    ['Hall', { valveSetting: '2.5', expectedValveSetting: '2.5' }, 'Hall: 2.5 (expected 2.5)'],
    ['Bed 1', { valveSetting: '3', expectedValveSetting: '2.5' }, 'Bed 1: 3 (expected 2.5)'],
    ['Hall', { valveSetting: '', expectedValveSetting: '2.5' }, 'Hall: not entered (expected 2.5)'],
    ['Hall', { valveSetting: '4', expectedValveSetting: '' }, 'Hall: 4'],
  ])('roomCheckText(%s)', (room, check, text) => expect(roomCheckText(room, check)).toBe(text));
});

describe('reportsCsv', () => {
  it('round-trips through a CSV parser with quotes and commas intact', () => {
    const text = reportsCsv([report({ notes: 'He said "fine", then left' }), report({ propertyAddress: 'Flat 2' })]);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { header: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(3);
    expect(parsed.data[0]).toEqual([...REPORT_CSV_COLUMNS]);
    expect(cell(parsed.data[1]!, 'Notes')).toBe('He said "fine", then left');
    expect(cell(parsed.data[2]!, 'Property Address')).toBe('Flat 2');
    expect(text).toContain('"He said ""fine"", then left"');
  });
});

describe('REPORT_CSV_FORMAT', () => {
  // Stored reports keep their line under this number. If this test fails, the line of a report changed:
  // bump REPORT_CSV_FORMAT (so lines stored under the old one are rebuilt), then pin the new line here.
  const PINNED: Record<number, string> = {
    1: `"Flat 1, Marsh House","Marsh Court","2b4p","Evo 40","SN123","Eddie Engineer","FAIL","25/10/2026, 01:40","25/10/2026, 02:25","1h 45m","100.5","101.25","'@12345","Yes","No","N/A","Yes","1.2","46","-1.5","2.5","Kitchen: 3 (expected 2.5); Hall: not entered","52","","65","","10","11","No","47","","","","1 photo(s)","Yes","Yes","Valve ""stiff"", eased","1 min 03.3 s","'=tap ""half"" open","1 Basic Information 25/10/2026, 01:45; 2 Initial Checks 25/10/2026, 01:10; 6 DHW Checks 25/10/2026, 02:01","51.50741, -0.12779 (±13 m) at 25/10/2026, 02:25"\r\n`,
  };

  it('is pinned to the line it makes of a full report', () => {
    const full = report(
      { notes: 'Valve "stiff", eased', overallStatus: 'FAIL', startTime: '2026-10-25T00:40:00.000Z' },
      {
        meterStart: '100.5',
        initialChecks: { bypassClosed: true, strainerClean: false, meterOk: true, systemPressure: ' 1.2 ' },
        standbyMode: { flowTemp: '46', returnTemp: '-1.5', flowRate: '2.5' },
        radiators: {
          roomChecks: {
            Kitchen: { valveSetting: '3', expectedValveSetting: '2.5' },
            Hall: { valveSetting: '', expectedValveSetting: '' },
          },
        },
        heatingMode: { tertiaryFlow: '52', primaryFlow: '65', powerConsumption: '10' },
        dhwChecks: {
          cwsTemp: '11',
          fortyFiveIn45: false,
          fortyFiveSeconds: '63.25',
          fortyFiveOverrideReason: '=tap "half" open',
          dhwKitchenTap: '47',
        },
        photosSignature: {
          photos: [
            {
              id: '11111111-1111-4111-8111-111111111111',
              url: '/api/files/11111111-1111-4111-8111-111111111111',
              label: 'HIU',
            },
          ],
          signature: '/api/files/33333333-3333-4333-8333-333333333333',
          meterEnd: '101.25',
          remoteCutOffValveSerial: '@12345',
          heatingControllerSet: true,
        },
        stepCompletedAt: {
          'basic-info': '2026-10-25T00:45:00.000Z',
          'initial-checks': '2026-10-25T01:10:00.000Z',
          dhw: '2026-10-25T02:01:00.000Z',
        },
        submitLocation: { latitude: 51.50741, longitude: -0.12779, accuracy: 12.6, at: '2026-10-25T02:25:00.000Z' },
      },
    );
    expect(csvLine(reportCsvRow({ ...full, completedAt: '2026-10-25T02:25:30.000Z' }))).toBe(PINNED[REPORT_CSV_FORMAT]);
    // The line the server keeps at submit is the same, to the byte.
    expect(reportCsvLine({ ...full, completedAt: new Date('2026-10-25T02:25:30.000Z') })).toBe(
      PINNED[REPORT_CSV_FORMAT],
    );
  });
});
