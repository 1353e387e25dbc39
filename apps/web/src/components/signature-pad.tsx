import { useEffect, useRef, useState } from 'react';

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
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  /** Drawn on in this visit: the canvas then already shows the truth, newer than any saved copy. */
  const touched = useRef(false);
  const [hasInk, setHasInk] = useState(Boolean(imageUrl));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

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
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.drawImage(img, 0, 0, WIDTH, HEIGHT);
      setHasInk(true);
    };
    img.src = imageUrl;
    return () => {
      cancelled = true;
    };
  }, [imageUrl]);

  function point(e: React.PointerEvent<HTMLCanvasElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) * WIDTH) / rect.width,
      y: ((e.clientY - rect.top) * HEIGHT) / rect.height,
    };
  }

  function context() {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return null;
    ctx.strokeStyle = '#000000';
    ctx.fillStyle = '#000000';
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    return ctx;
  }

  function onPointerDown(e: React.PointerEvent<HTMLCanvasElement>) {
    if (drawing.current) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    touched.current = true;
    const p = point(e);
    drawing.current = { id: e.pointerId, ...p };
    const ctx = context();
    if (ctx) {
      // A dot, so a tap leaves a mark too.
      ctx.beginPath();
      ctx.arc(p.x, p.y, 1, 0, Math.PI * 2);
      ctx.fill();
    }
    setHasInk(true);
  }

  function onPointerMove(e: React.PointerEvent<HTMLCanvasElement>) {
    const last = drawing.current;
    if (!last || last.id !== e.pointerId) return;
    const ctx = context();
    if (!ctx) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = events.length
      ? events.map((ev) => {
          const rect = e.currentTarget.getBoundingClientRect();
          return {
            x: ((ev.clientX - rect.left) * WIDTH) / rect.width,
            y: ((ev.clientY - rect.top) * HEIGHT) / rect.height,
          };
        })
      : [point(e)];
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    const end = points[points.length - 1]!;
    drawing.current = { id: last.id, ...end };
  }

  function onPointerEnd(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!drawing.current || drawing.current.id !== e.pointerId) return;
    drawing.current = null;
    // Synchronously, like a typed field: a reload a moment after the stroke must not lose it.
    const png = canvasRef.current?.toDataURL('image/png');
    if (png) onChangeRef.current(png);
  }

  function clear() {
    canvasRef.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
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
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
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
