import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { buttonClass } from '../../../components/ui/button';
import { useWizard } from '../state/wizard-provider';

/** /check/resume/:id: restore a draft and go to the step it was saved at (the data layer maps the step name). */
export function ResumePage() {
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const { resumeDraft } = useWizard();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.resolve(resumeDraft(id))
      .then((slug) => {
        if (!live) return;
        if (slug) navigate(`/check/${slug}`, { replace: true });
        else setFailed(true);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (!failed) {
    return (
      <p role="status" className="p-6 text-center text-lg text-slate-700">
        Loading draft...
      </p>
    );
  }
  return (
    <main className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Draft not found</h1>
      <p className="mt-2 text-slate-700">It may have been submitted or removed, or the connection dropped.</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
        Return to home
      </Link>
    </main>
  );
}
