import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

/** Native select: the phone's own picker is the best one for gloved hands. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        'block w-full min-h-12 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-fail',
        className,
      )}
      {...props}
    />
  );
});
