// The office forms' building blocks (react-hook-form with the API's zod schemas): one import for a form dialog.
export { ChoiceGroup } from './choice-group';
export { FormDateField } from './form-date-field';
export { FormDialog } from './form-dialog';
export { fieldError, FormField } from './form-field';
export { NumberField } from './number-field';
export { SchemaForm } from './schema-form';
export { errorToasts, refusal } from './server-errors';
export { useSchemaForm } from './use-schema-form';
