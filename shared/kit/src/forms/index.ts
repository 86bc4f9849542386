export { valibotResolver } from './valibotResolver';
export { TextField, TextAreaField, SelectField, CheckboxField, formStyles } from './fields';
export { applyServerErrors } from './serverErrors';
export { useUnsavedChangesWarning } from './useUnsavedChangesWarning';
