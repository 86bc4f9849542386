import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { SCORE_RING_SIZES, VISIT_STATUS_CODES, ScoreRing, isScoreRingCode, scoreLevel } from './ScoreRing';

describe('ScoreRing (spec §2.4, §3, §9)', () => {
  it('names a numeric score and colours it low, medium or high', () => {
    render(
      <>
        <ScoreRing score={72} />
        <ScoreRing score={49.6} size="small" />
        <ScoreRing score={12} size="large" />
        <ScoreRing score={140} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Score 72 of 100' })).toHaveClass('ring', 'medium', 'levelMedium');
    expect(screen.getByRole('img', { name: 'Score 50 of 100' })).toHaveClass('small', 'levelMedium');
    expect(screen.getByRole('img', { name: 'Score 12 of 100' })).toHaveClass('large', 'levelLow');
    expect(screen.getByRole('img', { name: 'Score 100 of 100' })).toHaveClass('levelHigh');
  });

  it('puts the bounds at 50 and 80', () => {
    expect([0, 49, 50, 79, 80, 100].map(scoreLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });

  it('names a visit-status code by its configured label, with a gradient for the G variant', () => {
    const labels = { A: 'Attended', 'has-visit': 'Visit booked' };
    render(
      <>
        <ScoreRing code="A" labels={labels} size="small" />
        <ScoreRing code="GA" labels={labels} size="large" />
        <ScoreRing code="Ghas-visit" labels={labels} />
        <ScoreRing code="PC" />
      </>,
    );
    const plain = screen.getAllByRole('img', { name: 'Visit status: Attended' });
    expect(plain).toHaveLength(2);
    expect(plain[0]).toHaveClass('disc', 'small', 'code-A');
    expect(plain[0]).not.toHaveClass('gradient');
    expect(plain[1]).toHaveClass('large', 'code-A', 'gradient');
    expect(screen.getByRole('img', { name: 'Visit status: Visit booked' })).toHaveClass('medium', 'code-has-visit', 'gradient');
    // Without a label, the code itself is the name.
    expect(screen.getByRole('img', { name: 'Visit status: PC' })).toHaveTextContent('PC');
  });

  it('knows the twelve codes and their G variants', () => {
    expect(VISIT_STATUS_CODES).toHaveLength(12);
    expect(isScoreRingCode('GNR')).toBe(true);
    expect(isScoreRingCode('has-visit')).toBe(true);
    expect(isScoreRingCode('Ghas-visit')).toBe(true);
    expect(isScoreRingCode('G')).toBe(false);
    expect(isScoreRingCode('X')).toBe(false);
    expect(isScoreRingCode('GGA')).toBe(false);
  });

  it('sizes the rings 130, 70 and 40px, as the styles do', () => {
    const css = readFileSync(path.join(__dirname, 'ScoreRing.module.css'), 'utf8');
    for (const [size, px] of Object.entries(SCORE_RING_SIZES)) {
      expect(css).toMatch(new RegExp(`\\.${size} \\{ width: ${px}px; height: ${px}px;`));
    }
    expect(SCORE_RING_SIZES).toEqual({ large: 130, medium: 70, small: 40 });
  });
});
