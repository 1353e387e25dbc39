import type { Measurement, WizardData } from '@hiu/domain';

/** Writes a measurement where the rule book says it lives (the counterpart of the domain's readMeasurement). */
export function writeMeasurement(data: WizardData, m: Measurement, value: string): void {
  const [a, b] = m.path;
  const root = data as unknown as Record<string, unknown>;
  if (b === undefined) root[a] = value;
  else (root[a] as Record<string, unknown>)[b] = value;
}
