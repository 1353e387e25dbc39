import { describe, expect, it } from 'vitest';
import { checkUpToStep } from '@hiu/domain/testing';
import { buildReportPdf } from '../src/index.js';
import { passingData, pdfInput } from './report-input.js';
import { hasPdftotext, pdftotext } from './pdf-text.js';

const text = (bytes: Uint8Array) => pdftotext(bytes).replace(/\s+/g, ' ');
const plant = {
  description: 'Plant flow low at peak',
  owner: 'client' as const,
  due: '2026-12-18',
  resolved: false,
  closingComment: null,
  closedBy: null,
  closedAt: null,
};

// docs/product.md#network-wide-issues: the site's issues open at the submit, in the report's issues table.
describe.skipIf(!hasPdftotext)("a report PDF with its site's network-wide issues", () => {
  it('prints them under the standard checklist too, in the issues table, marked as applying to every flat', async () => {
    const pdf = text(await buildReportPdf(pdfInput(passingData(), { networkIssues: [plant] })));
    expect(pdf).toContain('Issues (who must act, when) 1 OPEN');
    expect(pdf).toContain('WHAT WHO DUE STATE CLOSING COMMENT');
    expect(pdf).toContain('Plant flow low at peak (applies to every flat) Client 18/12/2026 OPEN');
  });

  it('prints none, and no issues table, under the standard checklist when the site has none', async () => {
    expect(text(await buildReportPdf(pdfInput(passingData())))).not.toContain('Issues (who must act, when)');
  });

  it('prints them after the steps of a device that failed before step 7', async () => {
    const data = checkUpToStep(2, { initialChecks: { bypassClosed: false } });
    const pdf = text(await buildReportPdf(pdfInput(data, { failedStep: 2, networkIssues: [plant] })));
    expect(pdf).toContain('7. Photos & Signature N/A Not carried out');
    expect(pdf).toContain('Plant flow low at peak (applies to every flat)');
  });
});
