// '@hcm/kit/elements': the UI elements of spec §2.4 and §9. A separate shared module: anything it needs
// from the kit's core (stores, API, base UI) comes through '@hcm/kit', never a relative path.
export { Modal, MODAL_ANIMATION_MS, type ModalProps } from './Modal';
export { CollapsibleCard, type CollapsibleCardProps } from './CollapsibleCard';
export { Dropdown, type DropdownItem, type DropdownProps } from './Dropdown';
export { TagInput, type TagInputProps } from './TagInput';
export { MultiSelect, type MultiSelectOption, type MultiSelectProps } from './MultiSelect';
export {
  ScoreRing,
  scoreLevel,
  isScoreRingCode,
  SCORE_RING_SIZES,
  SCORE_THRESHOLDS,
  VISIT_STATUS_CODES,
  type ScoreRingProps,
  type ScoreRingSize,
  type ScoreRingCode,
  type ScoreLevel,
  type VisitStatusCode,
  type GradientVisitStatusCode,
} from './ScoreRing';
export { Lightbox, useLightbox, type LightboxProps, type LightboxState } from './Lightbox';
export { BREAKPOINTS, breakpointOf, isAtLeast, useBreakpoint, type Breakpoint } from './breakpoints';
export { UploadProgress, type UploadProgressProps } from './UploadProgress';
