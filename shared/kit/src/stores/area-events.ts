import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { AreaEvent } from '@hcm/contract';

type Listener = (event: AreaEvent) => void;

const listeners = new Set<Listener>();
const connectionListeners = new Set<() => void>();
let connected = false;

/**
 * Live events areas push over the host's socket (CHAT_CHANNELS.area): the host publishes what arrives, a
 * remote's screen listens for its own area and topic. One registry in the kit, a shared singleton, so host
 * and remotes see the same listeners.
 */
export const areaEvents = {
  publish(event: AreaEvent): void {
    for (const listener of [...listeners]) listener(event);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** The host says whether its socket is connected (live screens fall back to refreshing when it is not). */
  setConnected(value: boolean): void {
    if (connected === value) return;
    connected = value;
    for (const listener of [...connectionListeners]) listener();
  },
  isConnected(): boolean {
    return connected;
  },
};

function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => {
    connectionListeners.delete(listener);
  };
}

/** Whether live events are arriving: the host's socket is connected. Re-renders when it connects or drops. */
export function useLiveConnection(): boolean {
  return useSyncExternalStore(subscribeConnection, areaEvents.isConnected, areaEvents.isConnected);
}

/** Calls `handler` with each live event of `area` and `topic` while the component is mounted. */
export function useAreaEvent(area: string, topic: string, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      areaEvents.subscribe((event) => {
        if (event.area === area && event.topic === topic) latest.current(event.data);
      }),
    [area, topic],
  );
}
