// The tables of this part of the workforce area (exported from ../tables.ts).
export {};
