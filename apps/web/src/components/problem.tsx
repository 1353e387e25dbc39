import { Link } from 'wouter';
import { problemWords, type ProblemKind } from '../lib/problem-words';
import { Button, buttonClass } from './ui/button';
import { cn } from './ui/cn';

export interface WayBack {
  href: string;
  label: string;
}

export const HOME: WayBack = { href: '/', label: 'Back to home' };

/** Where it is worth asking again: not when the thing is gone or not the reader's to see. */
const RETRYABLE: ProblemKind[] = ['offline', 'server', 'refused'];

/**
 * The one way a screen says it could not load something (docs/product.md#messages-and-errors): a sentence a
 * person understands, Try again where that can help, and a way back. Never a status code or JSON.
 */
export function Problem({
  error,
  what,
  back = HOME,
  onRetry,
  className,
}: {
  error: unknown;
  /** What could not be loaded, as it reads mid-sentence: "the report", "this site's dashboard". */
  what: string;
  back?: WayBack | null;
  onRetry?: () => void;
  className?: string;
}) {
  const { kind, sentence } = problemWords(error, what);
  return (
    <div role="alert" data-problem={kind} className={cn('rounded-lg border border-red-200 bg-red-50 p-3', className)}>
      <p className="break-words text-red-900">{sentence}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {onRetry && RETRYABLE.includes(kind) ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {kind === 'signed_out' ? (
          <Link href="/sign-in" className={buttonClass('secondary')}>
            Sign in
          </Link>
        ) : back ? (
          <Link href={back.href} className={buttonClass('secondary')}>
            {back.label}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
