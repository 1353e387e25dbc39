import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { BarcodeScannerProps } from './barcode-scanner';
import { lazyRetry } from '../../../lib/lazy-retry';
import { LoadBoundary } from '../../../lib/load-boundary';

// The camera code and the decoder load only when the engineer taps Scan, never with the step.
const BarcodeScanner = lazyRetry(() => import('./barcode-scanner'));

/**
 * A Scan button beside a text field: the scanned value fills the field only after the engineer confirms it.
 * `name` is the button's accessible name; it must not repeat the field's label, or the label would name both.
 */
export function ScanButton({ label, name, onUse, check }: Omit<BarcodeScannerProps, 'onClose'> & { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="shrink-0"
        aria-label={name}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M17 8v8" />
        </svg>
        Scan
      </Button>
      {open ? (
        <LoadBoundary onFailed={() => setOpen(false)}>
          <Suspense fallback={null}>
            <BarcodeScanner
              label={label}
              check={check}
              onClose={() => setOpen(false)}
              onUse={(value) => {
                setOpen(false);
                onUse(value);
              }}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
