/** `attachment` header for a download, with an ASCII fallback name and the exact name per RFC 6266. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._-]+/g, '_') || 'download';
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
