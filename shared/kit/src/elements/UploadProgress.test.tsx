import { render, screen } from '@testing-library/react';
import { UploadProgress } from './UploadProgress';

describe('UploadProgress', () => {
  it('is a labelled progress bar with the percentage as text', () => {
    const { rerender } = render(<UploadProgress label="Uploading care plan.pdf" percent={41.6} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading care plan.pdf' });
    expect(bar).toHaveAttribute('value', '42');
    expect(bar).toHaveAttribute('max', '100');
    expect(screen.getByText('42%')).toBeInTheDocument();
    rerender(<UploadProgress label="Uploading care plan.pdf" percent={120} />);
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('is indeterminate while the size is unknown', () => {
    render(<UploadProgress label="Uploading" percent={null} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).not.toHaveAttribute('value');
  });
});
