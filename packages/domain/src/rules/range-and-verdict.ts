// The words of judging, apart from the code that judges: the checklist's ranges and the test packs' rules both
// speak them, and neither imports the other for them.

/** The range a reading is judged against; null is no limit on that side. */
export interface Range {
  min: number | null;
  max: number | null;
}

export type Verdict = 'pass' | 'fail' | 'pending';
