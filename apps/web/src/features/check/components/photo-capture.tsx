import { useState } from 'react';
import type { Photo } from '@hiu/domain';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { usePhotoUrl } from '../state/wizard-provider';

interface PhotoCaptureProps {
  photos: Photo[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onRelabel: (id: string, label: string) => void;
  /** Labels the check's test pack asks for, offered as the label is typed. */
  suggestions?: readonly string[];
  /** Photos still being reduced and stored. */
  adding: number;
  error: string | null;
}

const pickerClass =
  'relative inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600';

/** Camera or files, several at once; each photo gets a label and can be removed (after asking). */
export function PhotoCapture({ photos, onAdd, onRemove, onRelabel, adding, error, suggestions }: PhotoCaptureProps) {
  const [removing, setRemoving] = useState<Photo | null>(null);

  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).filter((f) => f.type.startsWith('image/'));
    e.target.value = '';
    if (files.length) onAdd(files);
  };

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">
        <label className={`${pickerClass} bg-brand-700 text-white`}>
          <CameraIcon /> Take Photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            onChange={picked}
            className="sr-only"
            data-testid="photo-camera"
          />
        </label>
        <label className={`${pickerClass} border border-slate-300 bg-white text-slate-900`}>
          <span className="text-center leading-tight">Choose from Files</span>
          <input
            type="file"
            accept="image/*"
            multiple
            onChange={picked}
            className="sr-only"
            data-testid="photo-files"
          />
        </label>
      </div>

      <p className="text-sm text-slate-600" aria-live="polite">
        {photos.length === 0 && adding === 0
          ? 'No photos yet. Photos are optional but recommended.'
          : `${photos.length} photo${photos.length === 1 ? '' : 's'}`}
        {adding > 0 ? ` (adding ${adding}...)` : ''}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-2 text-base text-red-900">
          {error}
        </p>
      ) : null}

      {photos.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2">
          {photos.map((p, i) => (
            <PhotoItem
              key={p.id}
              photo={p}
              index={i}
              onRelabel={onRelabel}
              onRemove={() => setRemoving(p)}
              suggest={suggestions?.length ? SUGGESTIONS_ID : undefined}
            />
          ))}
        </ul>
      ) : null}
      {suggestions?.length ? (
        <datalist id={SUGGESTIONS_ID}>
          {suggestions.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this photo?"
        description={
          removing?.label
            ? `The photo "${removing.label}" will be deleted from this check.`
            : 'The photo will be deleted from this check.'
        }
        confirmLabel="Remove Photo"
        destructive
        onConfirm={() => {
          if (removing) onRemove(removing.id);
          setRemoving(null);
        }}
      />
    </div>
  );
}

function CameraIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6 flex-none"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </svg>
  );
}

const SUGGESTIONS_ID = 'photo-label-suggestions';

function PhotoItem({
  photo,
  index,
  onRelabel,
  onRemove,
  suggest,
}: {
  photo: Photo;
  index: number;
  onRelabel: (id: string, label: string) => void;
  onRemove: () => void;
  /** The id of the datalist of labels to offer. */
  suggest?: string;
}) {
  const url = usePhotoUrl(photo.id);
  const labelId = `photo-label-${photo.id}`;
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2">
      {url ? (
        <img
          src={url}
          alt={photo.label || `Photo ${index + 1}`}
          className="h-24 w-24 flex-none rounded-md object-cover"
        />
      ) : (
        <div className="flex h-24 w-24 flex-none items-center justify-center rounded-md bg-slate-100 text-sm text-slate-500">
          Loading...
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={labelId} className="text-sm font-semibold text-slate-800">
          Label for photo {index + 1}
        </label>
        <Input
          id={labelId}
          value={photo.label}
          maxLength={120}
          placeholder="e.g. HIU front"
          list={suggest}
          onChange={(e) => onRelabel(photo.id, e.target.value)}
        />
        <Button variant="secondary" className="self-start" onClick={onRemove} aria-label={`Remove photo ${index + 1}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}
