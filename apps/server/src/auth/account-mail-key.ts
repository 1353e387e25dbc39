/** The job that emails an invitation or reset link. */
export const ACCOUNT_MAIL_JOB = 'account.email';
