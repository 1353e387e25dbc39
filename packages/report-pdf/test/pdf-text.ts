import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether poppler's pdftotext is installed (the tests that read a PDF's text skip without it). */
export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** What poppler's pdftotext reads from the PDF, with its options. */
export function pdftotext(bytes: Uint8Array, args: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
  const file = path.join(dir, 'r.pdf');
  fs.writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  return text;
}

/**
 * The PDF's lines as drawn (pdftotext -layout), whitespace collapsed: a label and its value on one line,
 * whatever order pdftotext reads columns and the page footer in otherwise.
 */
export function pdfLines(bytes: Uint8Array): string[] {
  return pdftotext(bytes, ['-layout'])
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim());
}
