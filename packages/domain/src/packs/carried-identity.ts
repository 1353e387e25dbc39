// Apart from identity-fields.ts, which reads every pack version: home uses this and must not load the packs.

/**
 * The identity a re-test starts with: the earlier report's non-empty values, less those the reviewer marked
 * (`cp1.<key>`), which start empty so they are read off the device again.
 */
export function carriedIdentity(
  identity: Readonly<Record<string, string>> | undefined,
  marked: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(identity ?? {}).filter(([key, value]) => value.trim() !== '' && !marked.includes(`cp1.${key}`)),
  );
}
