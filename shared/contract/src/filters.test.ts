import { LOCAL_CACHE_TTL_MS, SAVED_FILTER_SLOTS, TAB_INDEX_KEYS, isSavedFilterSlot } from './filters';

describe('saved filter slots (spec §3)', () => {
  it('holds every slot of the spec once: 18 lists, 13 live-event views and 21 others', () => {
    expect(SAVED_FILTER_SLOTS).toHaveLength(18 + 13 + 21);
    expect(new Set(SAVED_FILTER_SLOTS).size).toBe(SAVED_FILTER_SLOTS.length);
  });

  it('spells the names as the spec does', () => {
    for (const slot of ['client', 'visit_logs', 'incident_and_accident', 'carer_hourly_rates', 'main_branch']) {
      expect(SAVED_FILTER_SLOTS).toContain(slot);
    }
    expect(SAVED_FILTER_SLOTS).toContain('live_event_marchart_audit_client');
    expect(SAVED_FILTER_SLOTS).toContain('live_event_file_alerts_client');
    expect(SAVED_FILTER_SLOTS).toContain('undo_body_apt');
    expect(SAVED_FILTER_SLOTS).toContain('carer_search_string');
    expect(SAVED_FILTER_SLOTS.filter((slot) => slot.startsWith('live_event_'))).toHaveLength(13);
    expect(SAVED_FILTER_SLOTS.every((slot) => /^[a-z_]+$/.test(slot))).toBe(true);
  });

  it('recognises slot names and refuses anything else', () => {
    expect(isSavedFilterSlot('live_event_hazards')).toBe(true);
    expect(isSavedFilterSlot('clients')).toBe(false);
    expect(isSavedFilterSlot('live_event_')).toBe(false);
    expect(isSavedFilterSlot(undefined)).toBe(false);
    expect(isSavedFilterSlot(42)).toBe(false);
  });
});

describe('browser storage constants', () => {
  it('names the three tab indexes (spec §3)', () => {
    expect(TAB_INDEX_KEYS).toEqual(['tab_index', 'header_tab_index', 'anchor_tab_index']);
  });

  it('expires the local cache after one hour (spec §9)', () => {
    expect(LOCAL_CACHE_TTL_MS).toBe(60 * 60 * 1000);
  });
});
