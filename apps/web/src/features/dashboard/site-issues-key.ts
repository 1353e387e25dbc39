/** The query of a site's network-wide issues, shared by the card and its dialogs. */
export const siteIssuesKey = (siteId: string) => [`/api/sites/${siteId}/issues`];
