// '@hcm/kit/documents': the record-document screens, from a declaration (`@hcm/contract/documents`): the tab of
// one kind on an owner's record, the read-only view, the form, the versions and the reviews list. A separate
// shared module: the kit's core, data layer, forms and elements come through their own entry points.
export { DocumentTab, type DocumentTabProps } from './DocumentTab';
export { DocumentView, DocumentAnswers, type DocumentViewProps } from './DocumentView';
export { DocumentForm, type DocumentFormProps } from './DocumentForm';
export { DocumentVersions, type DocumentVersionsProps } from './DocumentVersions';
export { ReviewList, type ReviewListProps } from './ReviewList';
export { ResultsPanel } from './ResultsPanel';
export { BODY_REGIONS, regionNear, pointText } from './BodyMap';
export {
  documentPaths,
  documentsApiBase,
  documentWriteKeys,
  type DocumentSignOff,
  type DocumentSummary,
  type DocumentView as DocumentViewData,
  type ReviewItem,
  type ReviewState,
  type SensitivePermissions,
  type VersionSummary,
} from './model';
