import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Lightbox, useLightbox } from './Lightbox';

const urls = ['/files/wound-1.jpg', '/files/wound-2.jpg', '/files/wound-3.jpg'];

function Gallery({ alts }: { alts?: string[] }) {
  const { lightbox, show, hide } = useLightbox();
  return (
    <>
      <button type="button" onClick={() => show(urls, 1)}>
        Preview photos
      </button>
      <Lightbox display={lightbox.display} urls={lightbox.urls} startIndex={lightbox.startIndex} alts={alts} onClose={hide} />
    </>
  );
}

const shownImage = () => screen.getByRole('img');

describe('Lightbox (spec §2.4, §3)', () => {
  it('renders nothing while display is false', () => {
    render(<Lightbox display={false} urls={urls} onClose={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows one image at a time and moves with the buttons and arrow keys, wrapping round', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Preview photos' }));
    expect(screen.getByRole('dialog', { name: 'Image preview' })).toHaveFocus();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(shownImage()).toHaveAttribute('src', urls[1]);
    expect(shownImage()).toHaveAccessibleName('Image 2 of 3');

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage()).toHaveAttribute('src', urls[2]);
    await user.keyboard('{ArrowRight}');
    expect(shownImage()).toHaveAttribute('src', urls[0]);
    await user.keyboard('{ArrowLeft}');
    expect(shownImage()).toHaveAttribute('src', urls[2]);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shownImage()).toHaveAttribute('src', urls[1]);
  });

  it('uses the given alt text, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Gallery alts={['Left heel, day 1', 'Left heel, day 3', 'Left heel, day 7']} />);
    const opener = screen.getByRole('button', { name: 'Preview photos' });
    await user.click(opener);
    expect(screen.getByRole('img', { name: 'Left heel, day 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on its close button, and has no previous/next for a single image', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Lightbox display urls={['/files/one.png']} onClose={onClose} />);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(shownImage()).toHaveAttribute('src', '/files/one.png');
    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
