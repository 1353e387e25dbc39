/** The job that sends one inbox entry to one subscribed phone or browser. */
export const PUSH_JOB = 'notification.push';

/** One push per entry and subscription, so a retry or a second server never sends it twice. */
export const pushJobKey = (notificationId: string, subscriptionId: string) =>
  `push:${notificationId}:${subscriptionId}`;
