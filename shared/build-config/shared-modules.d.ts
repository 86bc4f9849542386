// Types of the parts of shared-modules.js that TypeScript code uses (the area registry in the server).

/** Each shared singleton's version and the range its side requires (a build's shared.json). */
export type SharedRecord = Record<string, { version: string; requiredVersion: string }>;

export const SINGLETONS: readonly string[];
export function caretSatisfies(version: string, range: string): boolean;
export function sharedRecordOf(projectDir: string): SharedRecord;
export function sharedFitProblems(remote: SharedRecord, host: SharedRecord, remoteLabel: string): string[];
export function sharedVersionProblems(remoteDir: string, hostDir: string): string[];
