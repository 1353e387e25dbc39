import { Toaster } from 'sonner';

// One chunk for the Toaster and the `toast` calls, so both load, or fail to load, together.
export { toast } from 'sonner';

/**
 * docs/product.md#messages-and-errors: one toast at a time for `duration` (lib/toast), swipe right to dismiss,
 * F8 focuses the toasts. On a phone a screen whose top bar holds a button moves the toasts below it
 * (`--toast-top`, index.css).
 */
export default function ToasterHost({ duration }: { duration: number }) {
  return (
    <Toaster
      position="top-center"
      visibleToasts={1}
      duration={duration}
      swipeDirections={['right']}
      hotkey={['F8']}
      richColors
      closeButton
      mobileOffset={{ top: 'var(--toast-top, 16px)' }}
      toastOptions={{ style: { fontSize: '1rem' } }}
    />
  );
}
