import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { fileUrlFor } from '@hiu/domain';
import type { OutboxSnapshot, SaveResult, StartInput, SubmitResult, WizardController } from './wizard-controller';
import type { SaveStatus } from './save-status';
import type { WizardRecipe, WizardState } from './wizard-state';
import type { Photo, StepSlug } from '@hiu/domain';

/** Everything a wizard screen reads and does (the check's state and the actions on it; docs/product.md#check). */
export interface WizardContextValue {
  state: WizardState;
  saveStatus: SaveStatus;
  /** True while not idle and for 3 s after returning to idle (docs/product.md#save-status). */
  badgeVisible: boolean;
  /** The 3 s after returning to idle, when the badge says All changes saved. */
  lingering: boolean;
  /** IndexedDB has been read; before that the state is the local cache's copy. */
  hydrated: boolean;
  /** Set when the phone's storage refused something; show it to the engineer. */
  storageWarning?: string;

  start(input: StartInput): Promise<void>;
  update(recipe: WizardRecipe): void;
  setCurrentStep(slug: StepSlug): void;
  setNotes(notes: string): void;
  saveDraft(currentStepName: string): Promise<SaveResult>;
  fail(step: 2 | 3, reasons: string[]): Promise<SubmitResult>;
  submit(notes: string): Promise<SubmitResult>;
  reset(): void;
  /** Cancel Check: clears the check and withdraws its draft from the outbox and the server. */
  cancelCheck(): void;
  resumeDraft(id: string): Promise<StepSlug | null>;
  addPhoto(file: File | Blob, label?: string): Promise<Photo>;
  removePhoto(id: string): void;
  relabelPhoto(id: string, label: string): void;
  setSignature(png: Blob | null): Promise<void>;
  /** Home's Unsaved Work Found banner; Continue Check goes to `/check/${state.currentStep}`. */
  hasUnsavedWork(): boolean;
}

export const WizardContext = createContext<{ value: WizardContextValue; controller: WizardController } | null>(null);

function useWizardContext() {
  const ctx = useContext(WizardContext);
  // Using the wizard state outside its provider is a programming error: say so at once (docs/product.md#messages-and-errors).
  if (!ctx) throw new Error('useWizard must be used within a WizardProvider');
  return ctx;
}

export function useWizard(): WizardContextValue {
  return useWizardContext().value;
}

/**
 * The check as it is at this moment, for a tap's handler: what the screen last drew may be a moment behind (state
 * that arrives in the background renders in slices), as a signature kept just before the tap.
 */
export function useCheckNow(): () => WizardState {
  const { controller } = useWizardContext();
  return () => controller.state;
}

/**
 * True while a check kept on this phone is still being read (asked once, when the screen mounts): home then
 * waits with its cards, so the Unsaved Work Found banner appears with them instead of pushing them down.
 */
export function useReadingKeptCheck(): boolean {
  const { value, controller } = useWizardContext();
  const [kept] = useState(() => controller.isReadingKeptCheck());
  return kept && !value.hydrated;
}

/** What is waiting on this phone for the server, for the engineer to see, with controls to send it. */
export function useOutbox(): OutboxSnapshot & {
  retry(ids?: string[]): Promise<void>;
  syncNow(): Promise<void>;
  /** Only for an item the server refused for good, after the engineer confirmed. */
  discard(id: string): Promise<void>;
} {
  const { controller } = useWizardContext();
  const snap = useSyncExternalStore(
    controller.subscribeOutbox,
    controller.getOutboxSnapshot,
    controller.getOutboxSnapshot,
  );
  return { ...snap, retry: controller.retryOutbox, syncNow: controller.syncNow, discard: controller.discardOutboxItem };
}

/** Reads a photo or signature's bytes: the phone's copy, else null (the caller may ask the server). */
export function useFileBlob(): (fileId: string) => Promise<Blob | null | undefined> {
  const { controller } = useWizardContext();
  return controller.fileBlob;
}

/**
 * A URL to show a photo or signature: the copy on this phone (works offline) or, when the phone no longer
 * holds it, the server's `/api/files/{id}`. Accepts a file id or a `/api/files/{id}` reference.
 * Undefined for a moment while the phone's copy is looked up.
 */
export function usePhotoUrl(fileIdOrUrl: string | null | undefined): string | undefined {
  const { controller } = useWizardContext();
  const id = fileIdOrUrl?.startsWith('/api/files/') ? fileIdOrUrl.slice('/api/files/'.length) : fileIdOrUrl;
  const [found, setFound] = useState<{ id: string; url: string } | undefined>(undefined);
  useEffect(() => {
    if (!id) return;
    let live = true;
    let objectUrl: string | undefined;
    void controller.fileBlob(id).then((blob) => {
      if (!live) return;
      if (blob) objectUrl = URL.createObjectURL(blob);
      setFound({ id, url: objectUrl ?? fileUrlFor(id) });
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [controller, id]);
  return id && found?.id === id ? found.url : undefined;
}
