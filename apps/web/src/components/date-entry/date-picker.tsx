import { parseDate, type CalendarDate } from '@internationalized/date';
import type { DateValue } from 'react-aria-components';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  Text,
} from 'react-aria-components';
import { useCallback, useState, type ReactNode } from 'react';

export interface DateEntryProps {
  label: string;
  /** The day as yyyy-mm-dd, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  hint?: ReactNode;
  /** What is wrong with the date, said under the field and read with it. */
  error?: ReactNode;
  /** Said under the field without refusing the date (a due date that has passed). */
  warning?: ReactNode;
  /** The earliest and latest days offered, as yyyy-mm-dd. */
  min?: string;
  max?: string;
}

/** An ISO day as the picker's date; anything else as no date. */
function toDate(iso: string): CalendarDate | null {
  try {
    return iso ? parseDate(iso) : null;
  } catch {
    return null;
  }
}

/**
 * The date entry itself (react-aria-components, decision 230; outside components/ui, so the app chunk every screen loads does not carry it): day, month and year typed on a numeric keypad
 * as dd/mm/yyyy, or chosen from a calendar; loaded when a screen with a date first shows one.
 */
export default function DatePicker({ label, value, onChange, hint, error, warning, min, max }: DateEntryProps) {
  const [shown, setShown] = useState<DateValue | null>(() => toDate(value));
  const [given, setGiven] = useState(value);
  // Inside a modal dialog the calendar opens within it: the dialog makes everything outside it inert to taps.
  const [dialog, setDialog] = useState<Element | undefined>();
  const findDialog = useCallback(
    (el: HTMLDivElement | null) => setDialog(el?.closest('[role="dialog"]') ?? undefined),
    [],
  );
  if (value !== given) {
    // The screen set another date (or cleared it, after assigning): show that one.
    setGiven(value);
    setShown(toDate(value));
  }
  return (
    <I18nProvider locale="en-GB">
      <AriaDatePicker
        value={shown}
        onChange={(d) => {
          setShown(d);
          // A year still being typed ("2" of 2026) is not yet the date: the screen hears of it once it has 4 digits.
          if (!d) onChange('');
          else if (d.year >= 1000) onChange(d.toString());
        }}
        minValue={min ? toDate(min) : undefined}
        maxValue={max ? toDate(max) : undefined}
        shouldForceLeadingZeros
        isInvalid={Boolean(error)}
        className="flex flex-col gap-1"
        ref={findDialog}
      >
        <Label className="text-sm font-semibold text-slate-800">{label}</Label>
        <Group className="flex min-h-12 items-center rounded-lg border border-slate-300 bg-white pl-3 data-[invalid]:border-fail focus-within:outline-2 focus-within:outline-brand-700">
          <DateInput className="flex flex-1 text-base text-slate-900">
            {(segment) => (
              <DateSegment
                segment={segment}
                className="rounded px-0.5 py-2 tabular-nums outline-none focus:bg-brand-700 focus:text-white data-[placeholder]:text-slate-500"
              />
            )}
          </DateInput>
          <Button
            aria-label="Choose from a calendar"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-brand-800 hover:bg-brand-50"
          >
            <CalendarIcon />
          </Button>
        </Group>
        <Text slot="description" className="text-sm text-slate-600">
          {hint ?? 'Day/month/year'}
        </Text>
        {error ? (
          <Text slot="errorMessage" role="alert" className="text-sm font-medium text-fail">
            {error}
          </Text>
        ) : null}
        {warning ? (
          <div role="status" className="text-sm font-medium text-pending">
            <span aria-hidden="true">⚠ </span>
            {warning}
          </div>
        ) : null}
        <Popover
          className="rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          UNSTABLE_portalContainer={dialog}
        >
          <Dialog className="outline-none">
            <Calendar>
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button slot="previous" className="min-h-11 min-w-11 rounded-md font-bold" aria-label="Previous month">
                  ‹
                </Button>
                <Heading className="font-semibold" />
                <Button slot="next" className="min-h-11 min-w-11 rounded-md font-bold" aria-label="Next month">
                  ›
                </Button>
              </header>
              <CalendarGrid>
                {(date) => (
                  <CalendarCell
                    date={date}
                    className="flex size-11 items-center justify-center rounded-md data-[disabled]:text-slate-300 data-[outside-month]:text-slate-400 data-[selected]:bg-brand-700 data-[selected]:text-white"
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
