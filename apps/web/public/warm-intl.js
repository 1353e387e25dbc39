/* global self */
// Started by every page's loader before the app's code. A browser loads the locale data behind dates and
// numbers once per page, for all of its threads, and the first format costs a slow phone 100-300 ms. Here
// that happens on a background thread, so the page's own first date or number is instant.
new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
}).format(0);
new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(0);
new Intl.NumberFormat('en-GB').format(1234.5);
new Intl.RelativeTimeFormat('en-GB').format(-5, 'minute');
self.close();
