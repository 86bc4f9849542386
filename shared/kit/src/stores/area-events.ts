import { useEffect, useRef } from 'react';
import type { AreaEvent } from '@hcm/contract';

type Listener = (event: AreaEvent) => void;

const listeners = new Set<Listener>();

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
};

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
