// The one public entry of the domain package: pure TypeScript, no React, no Node, no database.
export * from './numbers.js';
export * from './steps.js';
export * from './schemas/common.js';
export * from './schemas/design-parameters.js';
export * from './schemas/wizard-data.js';
export * from './schemas/site.js';
export * from './schemas/user.js';
export * from './schemas/draft.js';
export * from './schemas/report.js';
export * from './schemas/api-error.js';
export * from './rules/catalogue.js';
export * from './rules/ranges.js';
export * from './rules/radiators.js';
export * from './rules/evaluate.js';
export * from './format/dates.js';
export * from './format/file-names.js';
export * from './csv/report-csv.js';
