// A pack's answers judged (docs/product.md#test-packs): each yes/no and choice answer passes,
// fails the HIU, or raises an open issue that must say who must act and by when. The step, the server, the
// verdict, the PDF and the CSV all read these functions. Plain data, no zod: the step judges on every tap.
import { isEntered } from '../numbers.js';
import type { AnswerRule, PackField } from './cp1-ts1.js';
import type { PackData, PackIssue } from './pack-data.js';
import { packOf } from './test-packs.js';

/** The key an answer's rule is kept under: the choice itself, or 'Yes' / 'No'. */
const answerKey = (v: unknown) =>
  v === true ? 'Yes' : v === false ? 'No' : typeof v === 'string' && v ? v : undefined;

/** The rule of the answer a field holds, or undefined when it is not answered or its version judges none. */
export function answerRule(data: PackData, f: PackField): AnswerRule | undefined {
  const key = answerKey(data.cp1?.[f.key]);
  return key === undefined ? undefined : f.answers?.[key];
}

/** The issue an answer raised, found by the field it came from (an open one first). */
export function answerIssue(data: PackData, key: string): { issue: PackIssue; index: number } | undefined {
  const issues = data.cp1?.issues ?? [];
  const found = issues
    .map((issue, index) => ({ issue, index }))
    .filter((x) => x.issue.source === key)
    .sort((a, b) => Number(a.issue.resolved) - Number(b.issue.resolved));
  return found[0];
}

export interface AnswerVerdict {
  field: PackField;
  verdict: 'pass' | 'fail' | 'issue';
  /** The fail's reason or the issue's text, in the engineer's words. */
  text: string;
  /** What the issue still needs before the check can be sent: 'an open issue', 'a due date'. */
  needs: string[];
}

/** What an open issue still lacks: who must act is always chosen, so only its due date can be missing. */
const issueNeeds = (issue: PackIssue | undefined) => (!issue ? ['an open issue'] : issue.due ? [] : ['a due date']);

/** The verdict of each judged answer given on a step (every step when `step` is omitted), in screen order. */
export function answerVerdicts(data: PackData, step?: number): AnswerVerdict[] {
  return packOf(data)
    .fields.filter((f) => f.answers && (step === undefined || f.step === step))
    .flatMap((f): AnswerVerdict[] => {
      const rule = answerRule(data, f);
      if (!rule) return [];
      if (rule.verdict === 'pass') return [{ field: f, verdict: 'pass', text: 'Pass', needs: [] }];
      if (rule.verdict === 'fail') return [{ field: f, verdict: 'fail', text: rule.reason, needs: [] }];
      const linked = answerIssue(data, f.key)?.issue;
      return [{ field: f, verdict: 'issue', text: rule.issue, needs: linked?.resolved ? [] : issueNeeds(linked) }];
    });
}

/** The reasons the answers of a step fail the HIU (step 2's join the checklist's device failures). */
export function answerFailures(data: PackData, step: number): string[] {
  return answerVerdicts(data, step)
    .filter((v) => v.verdict === 'fail')
    .map((v) => v.text);
}

/** What puts each failing answer of a step right (the Failed page's next steps). */
export function answerRemedies(data: PackData, step: number): string[] {
  return answerVerdicts(data, step).flatMap((v) => {
    const rule = answerRule(data, v.field);
    return rule?.verdict === 'fail' ? [rule.remedy] : [];
  });
}

/**
 * What stops a check from being sent because of its issues, by field path under the check's data: an answer
 * whose open issue is missing (`cp1.waterSample`), an open issue with no due date (`cp1.issues.0.due`).
 */
export function issueProblems(data: PackData): { path: string; message: string }[] {
  const pack = packOf(data);
  const out: { path: string; message: string }[] = [];
  for (const v of answerVerdicts(data))
    if (v.needs.includes('an open issue'))
      out.push({
        path: `cp1.${v.field.key}`,
        message: `${v.text}: add an open issue with who must act and a due date`,
      });
  if (pack.issuesList && pack.issuesNeedDueDate)
    (data.cp1?.issues ?? []).forEach((issue, i) => {
      if (!issue.resolved && !isEntered(issue.due))
        out.push({ path: `cp1.issues.${i}.due`, message: 'An open issue needs a due date' });
    });
  if (pack.issuesList && pack.issuesClosedWithComment)
    (data.cp1?.issues ?? []).forEach((issue, i) => {
      if (issue.resolved && !isEntered(issue.closingComment ?? ''))
        out.push({ path: `cp1.issues.${i}.closingComment`, message: 'Say how the issue was put right' });
    });
  const photos = new Set(data.photosSignature.photos.map((p) => p.id));
  (data.cp1?.issues ?? []).forEach((issue, i) => {
    if (issue.closingPhotoId && !photos.has(issue.closingPhotoId))
      out.push({ path: `cp1.issues.${i}.closingPhotoId`, message: "Choose one of this check's photos" });
  });
  return out;
}

/**
 * The check's issues after an answer changes: an answer that raises an issue gets one (description from the
 * rule, who must act and the due date for the engineer to fill), unless one from that answer is already open;
 * an answer that no longer raises one takes off the open issue it raised.
 */
export function issuesAfterAnswer(data: PackData, f: PackField, newId: () => string): PackIssue[] {
  const issues = [...(data.cp1?.issues ?? [])];
  const rule = answerRule(data, f);
  const open = issues.findIndex((i) => i.source === f.key && !i.resolved);
  if (rule?.verdict === 'issue') {
    if (open >= 0) issues[open] = { ...issues[open]!, description: rule.issue };
    else
      issues.push({
        id: newId(),
        description: rule.issue,
        owner: 'installer',
        due: '',
        resolved: false,
        source: f.key,
      });
  } else if (open >= 0) issues.splice(open, 1);
  return issues;
}
