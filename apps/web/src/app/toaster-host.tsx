import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterMounted } from '../lib/toast';

/** Spec section 9: one toast at a time, 5 s, swipe right to dismiss, F8 focuses the toasts. */
export default function ToasterHost() {
  useEffect(markToasterMounted, []);
  return (
    <Toaster
      position="top-center"
      visibleToasts={1}
      duration={5000}
      swipeDirections={['right']}
      hotkey={['F8']}
      richColors
      closeButton
      toastOptions={{ style: { fontSize: '1rem' } }}
    />
  );
}
