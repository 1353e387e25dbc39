import { createHash } from 'node:crypto';

/** The pack's own summary: it prints the digest, so it cannot be part of it. */
export const SUMMARY_PATH = 'summary.pdf';

/**
 * The pack's SHA-256 (docs/product.md#evidence-pack): the SHA-256 of the list of its files other than summary.pdf
 * (and manifest.json, made at download), one line each as `sha256sum` prints them ("<sha256>  <path>\n"), sorted
 * by path. Anyone can check it from the unzipped files; summary.pdf prints it on its cover and manifest.json
 * repeats it, so the summary is bound to the files it describes.
 */
export function packContentsDigest(files: readonly { path: string; sha256: string }[]): string {
  const lines = files
    .filter((f) => f.path !== SUMMARY_PATH)
    .map((f) => `${f.sha256}  ${f.path}\n`)
    .sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : a.slice(66) > b.slice(66) ? 1 : 0));
  return createHash('sha256').update(lines.join('')).digest('hex');
}
