// The assistant part's tables (named exports; re-exported by ../tables.ts).
export {};
