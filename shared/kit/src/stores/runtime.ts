import { create } from 'zustand';
import type { Registry } from '@hcm/contract';

/** The registry the host read at start-up: product label, API address, active areas. */
type RuntimeState = {
  registry: Registry;
  setRegistry: (registry: Registry) => void;
};

export const useRuntime = create<RuntimeState>((set) => ({
  registry: { productLabel: 'Home Care', apiUrl: '', areas: [] },
  setRegistry: (registry) => set({ registry }),
}));
