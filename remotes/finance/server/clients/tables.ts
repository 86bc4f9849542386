// The clients part's tables (none yet).
export {};
