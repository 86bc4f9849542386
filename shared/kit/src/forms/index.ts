export { valibotResolver } from './valibotResolver';
export { TextField, SelectField, CheckboxField, formStyles } from './fields';
export { applyServerErrors } from './serverErrors';
export { useUnsavedChangesWarning } from './useUnsavedChangesWarning';
