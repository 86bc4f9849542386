// The exports part's tables (none yet).
export {};
