// For the Leaflet maps' component tests (map/, live/): jsdom lays nothing out, so Leaflet's container is given a
// 640 × 480 size for the file's tests, and the page's scrolling (Leaflet keeps the page still on a click) a no-op.
export function sizeLeafletContainersInJsdom(): void {
  const sized = (element: HTMLElement, size: number) => (element.classList.contains('leaflet-container') ? size : 0);
  beforeAll(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return sized(this, 640); } });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return sized(this, 480); } });
  });
  afterAll(() => {
    (window.scrollTo as jest.Mock).mockRestore();
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });
}
