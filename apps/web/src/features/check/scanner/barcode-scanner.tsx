import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CameraError, openCamera, stopCamera } from './camera';
import { createDetector, type Detector } from './detector';

export interface BarcodeScannerProps {
  /** What is being scanned, for the title: "HIU serial". */
  label: string;
  onUse: (value: string) => void;
  onClose: () => void;
  /** A message when a scanned value cannot be used here (for example the valve serial's format). */
  check?: (value: string) => string | null;
}

type Phase =
  { kind: 'starting' } | { kind: 'scanning' } | { kind: 'found'; value: string } | { kind: 'error'; message: string };

const EVERY_MS = 150;

/**
 * Camera preview that reads the first barcode or QR code it sees, then shows the value for the engineer to
 * confirm (Use / Scan again / Cancel). Loaded only when a Scan button is tapped.
 */
export default function BarcodeScanner({ label, onUse, onClose, check }: BarcodeScannerProps) {
  // The dialog's code loads on first open, so the preview can arrive after this component mounts; the camera
  // starts once it is there.
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [hasVideo, setHasVideo] = useState(false);
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setHasVideo(element !== null);
  }, []);
  const stream = useRef<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!hasVideo || !video) return;
    let live = true;
    let timer: number | undefined;
    let detector: Detector | undefined;

    const tick = async () => {
      if (!live || !detector) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const found = await detector.detect(video).catch(() => []);
        const value = found.map((b) => b.rawValue.trim()).find(Boolean);
        if (!live) return;
        if (value) {
          stopCamera(stream.current);
          stream.current = null;
          setPhase({ kind: 'found', value });
          return;
        }
      }
      timer = window.setTimeout(() => void tick(), EVERY_MS);
    };

    (async () => {
      try {
        const [media, d] = await Promise.all([openCamera(), createDetector()]);
        if (!live) return stopCamera(media);
        stream.current = media;
        detector = d;
        video.srcObject = media;
        await video.play().catch(() => undefined);
        setPhase({ kind: 'scanning' });
        void tick();
      } catch (e) {
        if (!live) return;
        // Anything else (the barcode reader could not load, offline before its first use) is not the camera's.
        const message =
          e instanceof CameraError ? e.message : 'The barcode reader could not start. Type the value instead.';
        setPhase({ kind: 'error', message });
      }
    })();

    return () => {
      live = false;
      window.clearTimeout(timer);
      stopCamera(stream.current);
      stream.current = null;
    };
  }, [hasVideo, attempt]);

  const scanAgain = useCallback(() => {
    setPhase({ kind: 'starting' });
    setAttempt((n) => n + 1);
  }, []);

  const problem = phase.kind === 'found' ? (check?.(phase.value) ?? null) : null;
  const showVideo = phase.kind === 'starting' || phase.kind === 'scanning';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Scan ${label}`}
      footer={
        phase.kind === 'found' ? (
          <>
            <Button variant="ghost" size="lg" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="secondary" size="lg" onClick={scanAgain}>
              Scan again
            </Button>
            <Button size="lg" disabled={problem !== null} onClick={() => onUse(phase.value)}>
              Use this value
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="lg" onClick={onClose}>
            {phase.kind === 'error' ? 'Close and type it' : 'Cancel'}
          </Button>
        )
      }
    >
      <div className="space-y-3">
        <div className={showVideo ? 'relative overflow-hidden rounded-lg bg-slate-900' : 'hidden'}>
          <video
            ref={attachVideo}
            muted
            playsInline
            aria-label="Camera preview"
            className="aspect-video w-full object-cover"
          />
          {/* A guide frame: barcodes read best filling the middle of the picture. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-6 inset-y-8 rounded border-2 border-white/80"
          />
        </div>
        <div role="status" aria-live="polite" className="text-base text-slate-800">
          {phase.kind === 'starting' ? 'Starting the camera...' : null}
          {phase.kind === 'scanning' ? 'Point the camera at the barcode or QR code.' : null}
          {phase.kind === 'found' ? (
            <div className="space-y-2">
              <p>Scanned {label}:</p>
              <p
                data-testid="scanned-value"
                className="rounded-lg border-2 border-brand-700 bg-brand-50 p-3 font-mono text-2xl font-bold break-all"
              >
                {phase.value}
              </p>
              <p className="text-sm text-slate-600">Check it matches the label before you use it.</p>
            </div>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="text-base font-medium text-fail">
            {problem}
          </p>
        ) : null}
        {phase.kind === 'error' ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-base text-red-900">
            {phase.message}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
