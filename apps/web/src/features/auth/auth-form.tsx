import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

export interface AuthField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  hint?: string;
}

/** The shared frame of the sign-in and first-run forms: fields, one error line, one submit button. */
export function AuthForm({
  title,
  intro,
  fields,
  submitLabel,
  busyLabel,
  onSubmit,
  fieldErrors,
  error,
  busy,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  fields: AuthField[];
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: Record<string, string>) => void;
  fieldErrors: Record<string, string>;
  error: string | null;
  busy: boolean;
  /** Below the form, inside its card: a way elsewhere (Forgot password). */
  footer?: ReactNode;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(values);
  };
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-8">
      <p className="mb-2 text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">HIU Commissioning</p>
      <Card>
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <div className="mt-1 text-slate-600">{intro}</div> : null}
        <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate>
          {fields.map((f) => (
            <Field key={f.name} label={f.label} hint={f.hint} error={fieldErrors[f.name]} required>
              <Input
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              />
            </Field>
          ))}
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-fail">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </form>
        {footer}
      </Card>
    </main>
  );
}
