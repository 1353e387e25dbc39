import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterMounted, TOAST_DURATION_MS } from '../lib/toast';

/**
 * docs/product.md#messages-and-errors: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the toasts. On a phone a
 * screen whose top bar holds a button moves the toasts below it (`--toast-top`, index.css).
 */
export default function ToasterHost() {
  useEffect(markToasterMounted, []);
  return (
    <Toaster
      position="top-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      swipeDirections={['right']}
      hotkey={['F8']}
      richColors
      closeButton
      mobileOffset={{ top: 'var(--toast-top, 16px)' }}
      toastOptions={{ style: { fontSize: '1rem' } }}
    />
  );
}
