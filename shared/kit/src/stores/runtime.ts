import { create } from 'zustand';
import type { AreaRegistration, Registry } from '@hcm/contract';

/** Loads a module another area exposes (the host's module-federation runtime); set by the host at start-up. */
export type ExposedModuleLoader = (area: AreaRegistration, module: string) => Promise<unknown>;

/** The registry the host read at start-up: product label, API address, active areas; and how to load their modules. */
type RuntimeState = {
  registry: Registry;
  setRegistry: (registry: Registry) => void;
  loadExposed: ExposedModuleLoader;
  setExposedModuleLoader: (loader: ExposedModuleLoader) => void;
};

export const useRuntime = create<RuntimeState>((set) => ({
  registry: { productLabel: 'Home Care', apiUrl: '', areas: [] },
  setRegistry: (registry) => set({ registry }),
  loadExposed: () => Promise.reject(new Error('No module loader: the host sets one at start-up.')),
  setExposedModuleLoader: (loader) => set({ loadExposed: loader }),
}));
