/**
 * The rule book's version, printed in the handover pack beside the ranges used: raise it whenever a change
 * here could judge the same readings differently, so an assessor knows which rules a pack's verdicts follow.
 */
export const RULE_BOOK_VERSION = '2026.11-1';
