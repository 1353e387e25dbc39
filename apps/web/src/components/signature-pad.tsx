import { useEffect, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';

/** A fixed drawing size (docs/product.md#messages-and-errors); the canvas is scaled by CSS to the screen width. */
const WIDTH = 600;
const HEIGHT = 200;

interface SignaturePadProps {
  /** URL of the saved signature (object URL or /api/files/...), drawn back on the canvas after a reload. */
  imageUrl: string | null;
  /** The drawing as a PNG data URL, the moment each stroke ends (null when cleared). */
  onChange: (png: string | null) => void;
  labelledBy: string;
}

export function SignaturePad({ imageUrl, onChange, labelledBy }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  /** Drawn on in this visit: the canvas then already shows the truth, newer than any saved copy. */
  const touched = useRef(false);
  const [hasInk, setHasInk] = useState(Boolean(imageUrl));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#000000' });
    padRef.current = pad;
    const begin = () => {
      touched.current = true;
      // The library draws in CSS pixels; scaling to the fixed bitmap at each stroke keeps ink drawn before a
      // resize where it was (CSS stretches the bitmap) and puts new ink under the finger.
      const rect = canvas.getBoundingClientRect();
      if (rect.width && rect.height) ctx.setTransform(WIDTH / rect.width, 0, 0, HEIGHT / rect.height, 0, 0);
      setHasInk(true);
    };
    // Synchronously, like a typed field: a reload a moment after the stroke must not lose it.
    const end = () => onChangeRef.current(canvas.toDataURL('image/png'));
    pad.addEventListener('beginStroke', begin);
    pad.addEventListener('endStroke', end);
    // A finger's stroke is the pad's alone: its touches are consumed, so the browser makes no fling of a quick
    // stroke. A fling still running when the next finger comes down is stopped by it, and that touch gives no
    // click: the first tap on File Failure Report just after signing did nothing (decision 227).
    const consume = (e: TouchEvent) => {
      if (e.cancelable) e.preventDefault();
    };
    canvas.addEventListener('touchstart', consume, { passive: false });
    canvas.addEventListener('touchmove', consume, { passive: false });
    return () => {
      canvas.removeEventListener('touchstart', consume);
      canvas.removeEventListener('touchmove', consume);
      pad.removeEventListener('beginStroke', begin);
      pad.removeEventListener('endStroke', end);
      pad.off();
      padRef.current = null;
    };
  }, []);

  // Draw the saved signature back (after a reload or when returning to the step), unless the engineer
  // has drawn here since: redrawing an older save would wipe the newest stroke.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !imageUrl || touched.current) return;
    let cancelled = false;
    const img = new Image();
    img.onload = () => {
      if (cancelled || touched.current) return;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.drawImage(img, 0, 0, WIDTH, HEIGHT);
      setHasInk(true);
    };
    img.src = imageUrl;
    return () => {
      cancelled = true;
    };
  }, [imageUrl]);

  function clear() {
    // Unscaled, so the library's clear covers the whole bitmap whatever the last stroke's scale.
    canvasRef.current?.getContext('2d')?.setTransform(1, 0, 0, 1, 0, 0);
    padRef.current?.clear();
    setHasInk(false);
    onChange(null);
  }

  return (
    <div className="space-y-2">
      <div className="relative overflow-hidden rounded-lg border-2 border-dashed border-slate-400 bg-white">
        <canvas
          ref={canvasRef}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-labelledby={labelledBy}
          aria-description={hasInk ? 'Signature drawn' : 'Empty. Draw with a finger or the mouse.'}
          data-testid="signature-canvas"
          className="block h-auto w-full cursor-crosshair touch-none select-none"
          style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
        />
        {!hasInk && (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-slate-400">
            Sign here
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {hasInk ? 'Signature captured' : 'No signature yet'}
        </p>
        <button
          type="button"
          onClick={clear}
          disabled={!hasInk}
          className="min-h-12 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 disabled:opacity-50"
        >
          Clear
        </button>
      </div>
    </div>
  );
}
