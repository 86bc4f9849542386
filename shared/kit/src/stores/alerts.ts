import { create } from 'zustand';
import { ALERT_DURATION_MS, normalizeAlert, type Alert, type AlertInput } from '@hcm/contract';
import { useRuntime } from './runtime';

type AlertsState = {
  alerts: Alert[];
  notify: (input: AlertInput) => number;
  dismiss: (id: number) => void;
};

let nextId = 1;

/**
 * Toasts (spec §4 Alerts; the default title is the product's label, §9). One store for the whole app: the host renders it, any remote or the API
 * client raises alerts through it, also from outside React (`useAlerts.getState().notify`).
 */
export const useAlerts = create<AlertsState>((set, get) => ({
  alerts: [],
  notify: (input) => {
    const alert = normalizeAlert(input, nextId++, useRuntime.getState().registry.productLabel);
    set({ alerts: [...get().alerts, alert] });
    setTimeout(() => get().dismiss(alert.id), ALERT_DURATION_MS);
    return alert.id;
  },
  dismiss: (id) => set({ alerts: get().alerts.filter((alert) => alert.id !== id) }),
}));

export const notify = (input: AlertInput) => useAlerts.getState().notify(input);
