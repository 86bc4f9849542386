import type { DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import type { CareSheet } from '@hcm/area-care-records/contract/live-medication.js';
import type { QueuedWrite } from '../../queue/queue.js';

/** A form of the visit's Record section: the visit, and the refused record it corrects (or null for a new one). */
export type RecordFormProps = { visit: DeviceVisit; sheet: CareSheet | null; refused: QueuedWrite | null; onClose(): void };
