// The tables of this part of live events (none yet).
export {};
