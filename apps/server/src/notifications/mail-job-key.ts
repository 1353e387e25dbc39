/** The job that emails one inbox entry; its key is the entry's, so the entry is mailed once. */
export const MAIL_JOB = 'notification.email';
export const mailJobKey = (notificationId: string) => `mail:${notificationId}`;
