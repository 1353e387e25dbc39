// How every benchmark reports a figure: one line beside its target with PASS or FAIL, and, when
// BENCH_RESULTS names a file (npm run bench sets it), one JSON line there for the summary.
import fs from 'node:fs';

/**
 * @param {{ bench: string, name: string, value: number, unit: string, target?: string, pass?: boolean, note?: string }} f
 *   `target` is how the target reads ("<= 50 ms"); `pass` is undefined for figures without a target.
 */
export function recordFigure(f) {
  const verdict = f.pass === undefined ? 'info' : f.pass ? 'PASS' : 'FAIL';
  const value = Number.isFinite(f.value) ? `${round(f.value)} ${f.unit}` : 'n/a';
  console.log(
    `  ${verdict.padEnd(4)}  ${f.name}: ${value}${f.target ? `  (target ${f.target})` : ''}${f.note ? `  ${f.note}` : ''}`,
  );
  if (process.env.BENCH_RESULTS) fs.appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(f)}\n`);
}

export const round = (n) =>
  (Math.abs(n) >= 100 ? Math.round(n) : Number(n.toPrecision(Math.abs(n) >= 1 || n === 0 ? 4 : 2))).toLocaleString(
    'en-GB',
    { maximumSignificantDigits: 6 },
  );

/** Median of numbers (the middle one, or the mean of the middle two). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
