// `@hcm/server/platform`: what an area's API module (remotes/<area>/server/) may use of the platform — the
// database and its platform tables, sign-in and the current user, the permission guard's conventions, the
// audit log, the envelope and paging of answers, mail, the resource engine and the extension points. Areas
// import the platform only through this file (and `@hcm/server/schema`, `@hcm/server/testing`); the platform
// never imports an area, except src/area-modules.ts, where the API is composed.
export * from './platform-schema.js';
export * from './audit/record.js';
export * from './audit/scopes.js';
export * from './auth/cookies.js';
export * from './auth/current-user.js';
export * from './auth/hooks.js';
export * from './auth/password-policy.js';
export * from './auth/passwords.js';
export * from './auth/sessions.js';
export * from './auth/settings.js';
export * from './db/client.js';
export { arrayParam, isAnyOf } from './db/any-of.js';
export { literalCount, literalDay, literalIds, literalInstant, runTimeValue } from './db/literals.js';
export { sideBySide } from './db/side-by-side.js';
export * from './http/envelope.js';
export * from './http/paging.js';
export { sharedAnswers, type SharedAnswers } from './http/shared-answers.js';
export { noteWrites } from './http/write-generations.js';
export * from './http/params.js';
export * from './mail/mailer.js';
export * from './http/device-writes.js';
export { CARER_APP_PREFIX, DEVICE_TOKEN_REFUSED } from './auth/device-tokens.js';
export * from './notify/push.js';
export * from './notify/sms.js';
export * from './resources/list-query.js';
export * from './resources/routes.js';
export { InvalidRecordError } from './resources/service.js';
export { csvCell, csvLine, csvText } from './resources/csv.js';
export * from './resources/demo-seed.js';
export * from './modules/area-module.js';
export type { AreaConsumption, AreaPublications, ConsumedRoute, PublishedReadModel, PublishedRoute } from './modules/contracts.js';
export { areaClient, AreaAnswerError, AreaCallError, credentialsOf, ID_PAGE, type AreaCall, type AreaClient, type AreaCredentials, type IdPages } from './modules/area-client.js';
export { countedPageSchema, pageSchema, schemaOf } from './modules/answer-schemas.js';
export type { JobOutcome, ScheduledJob } from './events/jobs.js';
export { publishEvent, publishEvents, type AfterCommit, type AreaEventHandler, type ConsumedEvent, type DeliveredEvent, type PublishedEvent } from './events/outbox.js';
export * from './time-tracker/targets.js';
export * from './messages/threads.js';
export { ALREADY_ENDED, ALREADY_RUNNING, ENDED_ITSELF, NOTHING_TO_BEAT, NOTHING_TO_STOP, sweepAbandonedSessions } from './time-tracker/service.js';
export { registerAbandonedSweep } from './time-tracker/sweep.js';
export * from './pdf/writer.js';
export { documentRoutes, type DocumentOwner, type DocumentRoutesOptions } from './documents/routes.js';
export { DocumentStore, DocumentRuleError, reviewStateOf, resultsOf, withheldKeys, mayRead, type DocumentReader, type DocumentSummary, type DocumentView, type VersionSummary } from './documents/service.js';
export { documentPdf, documentsPdf } from './documents/pdf.js';
export { zip, type ZipEntry } from './export/zip.js';
export * from './storage/index.js';
