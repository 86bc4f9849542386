import { CSRF_HEADER } from '@hcm/contract';
import { useRuntime } from '../stores/runtime';
import { toFormData, uploadWithProgress } from './upload';

describe('toFormData (spec §5, §7)', () => {
  it('JSON-encodes objects, sends empty values as an empty string and arrays as name[]', () => {
    const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
    const scan = new File(['pdf'], 'scan.pdf', { type: 'application/pdf' });
    const form = toFormData({
      title: 'Care plan',
      address: { line_1: '1 High St', town: 'Leeds' },
      note: null,
      reviewed_by: undefined,
      visits: 3,
      consent: true,
      archived: false,
      tags: ['mobility', 'diet'],
      files: [photo, scan],
      contacts: [{ name: 'Ann' }, null],
      'carer_ids[]': [4, 5],
      removed: [],
      due: new Date('2025-04-01T10:00:00Z'),
    });
    expect(form.get('title')).toBe('Care plan');
    expect(form.get('address')).toBe('{"line_1":"1 High St","town":"Leeds"}');
    expect(form.get('note')).toBe('');
    expect(form.get('reviewed_by')).toBe('');
    expect(form.get('visits')).toBe('3');
    expect(form.get('consent')).toBe('true');
    expect(form.get('archived')).toBe('false');
    expect(form.getAll('tags[]')).toEqual(['mobility', 'diet']);
    expect(form.has('tags')).toBe(false);
    const files = form.getAll('files[]') as File[];
    expect(files.map((file) => file.name)).toEqual(['photo.jpg', 'scan.pdf']);
    expect(files[0]).toBeInstanceOf(File);
    expect(form.getAll('contacts[]')).toEqual(['{"name":"Ann"}', '']);
    expect(form.getAll('carer_ids[]')).toEqual(['4', '5']);
    expect(form.get('removed')).toBe('');
    expect(form.get('due')).toBe('2025-04-01T10:00:00.000Z');
  });
});

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** A stand-in for XMLHttpRequest: records the request; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  responseText = '';
  status = 0;
  body: unknown;
  upload: { onprogress: Listener | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadWithProgress (spec §7)', () => {
  const realXhr = window.XMLHttpRequest;
  beforeEach(() => {
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: 'https://api.example.test/', areas: [] });
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
  });

  it('posts with cookies and the XHR and CSRF headers, reports progress and answers like the API client', async () => {
    const onProgress = jest.fn();
    const form = toFormData({ name: 'Care plan' });
    const pending = uploadWithProgress<{ id: number }>('/api/v1/documents', form, { onProgress, headers: { 'X-Branch': '2' } });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://api.example.test/api/v1/documents');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', [CSRF_HEADER]: 'abc==', 'X-Branch': '2' });
    expect(xhr.body).toBe(form);

    xhr.progress(0, 2000);
    xhr.progress(833, 2000);
    xhr.progress(2000, 2000);
    expect(onProgress.mock.calls.map(([event]) => event.percent)).toEqual([0, 42, 100]);
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 2000, total: 2000, percent: 100 });

    xhr.answer(201, { status: true, message: 'Uploaded', data: { id: 9 }, errors: null });
    await expect(pending).resolves.toEqual({ data: { id: 9 }, error: false, message: 'Uploaded', errors: null, httpStatus: 201 });
  });

  it('answers a 422 with its message and field errors', async () => {
    const pending = uploadWithProgress('api/v1/documents', new FormData());
    FakeXhr.last.answer(422, { status: false, message: 'The file is too large.', data: null, errors: { file: ['Max 10 MB.'] } });
    await expect(pending).resolves.toEqual({ data: null, error: true, message: 'The file is too large.', errors: { file: ['Max 10 MB.'] }, httpStatus: 422 });
  });

  it('answers a network failure and a cancelled upload as error results', async () => {
    const failed = uploadWithProgress('api/v1/documents', new FormData());
    FakeXhr.last.onerror?.();
    await expect(failed).resolves.toMatchObject({ error: true, httpStatus: 0, message: 'The server could not be reached. Check your connection.' });

    const controller = new AbortController();
    const cancelled = uploadWithProgress('api/v1/documents', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    await expect(cancelled).resolves.toMatchObject({ error: true, message: 'The upload was cancelled.' });
  });

  it('sends no CSRF header without the cookie, and resolves paths against a same-origin API', () => {
    document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    useRuntime.getState().setRegistry({ productLabel: 'Home Care', apiUrl: '', areas: [] });
    void uploadWithProgress('api/v1/documents', new FormData(), { method: 'PUT' });
    expect(FakeXhr.last.headers).not.toHaveProperty(CSRF_HEADER);
    expect(FakeXhr.last.method).toBe('PUT');
    expect(FakeXhr.last.url).toBe('/api/v1/documents');
  });
});
