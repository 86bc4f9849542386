// The pay part's tables (none yet).
export {};
