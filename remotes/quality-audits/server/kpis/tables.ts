// The kpis part's tables (named exports; re-exported by ../tables.ts).
export {};
