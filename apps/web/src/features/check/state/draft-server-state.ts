/**
 * What this page knows of its drafts on the server: the copy the server last had of each (from or to this page,
 * the base of a merge), and for a draft save refused for a newer copy, the merged save that took its place.
 * The engine and the code that sends share it, each through these methods.
 */
export class DraftServerState {
  private readonly copies = new Map<string, unknown>();
  private readonly replacedBy = new Map<string, string>();

  /** The server now holds this copy of the draft. */
  serverHas(draftId: string, wizardData: unknown): void {
    this.copies.set(draftId, wizardData);
  }

  /** The copy the server last had from (or gave to) this page; undefined when this page has not seen one. */
  serverCopy(draftId: string): unknown {
    return this.copies.get(draftId);
  }

  /** A draft save refused for a newer copy, and the merged save that took its place. */
  replace(opId: string, by: string): void {
    this.replacedBy.set(opId, by);
  }

  /** The save and each one that took its place in turn, oldest first (at most 20). */
  *chain(opId: string): Generator<string> {
    for (let at: string | undefined = opId, hops = 0; at && hops < 20; at = this.replacedBy.get(at), hops++) yield at;
  }
}
