import styles from './ScoreRing.module.css';

/** The visit-status codes a score ring can show (spec §3). Their meanings are not in the spec: see `labels`. */
export const VISIT_STATUS_CODES = ['A', 'R', 'NA', 'NR', 'LO', 'C', 'PR', 'O', 'M', 'P', 'PC', 'has-visit'] as const;
export type VisitStatusCode = (typeof VISIT_STATUS_CODES)[number];
/** Each code has a gradient variant, the code with a G prefix (GA, GR, …, Ghas-visit). */
export type GradientVisitStatusCode = `G${VisitStatusCode}`;
export type ScoreRingCode = VisitStatusCode | GradientVisitStatusCode;

export type ScoreRingSize = 'large' | 'medium' | 'small';
/** Spec §9: 130px large, 70px medium, 40px small (the sizes live in ScoreRing.module.css). */
export const SCORE_RING_SIZES: Record<ScoreRingSize, number> = { large: 130, medium: 70, small: 40 };

export type ScoreLevel = 'low' | 'medium' | 'high';
/**
 * A numeric score's level. The spec names low, medium and high but not the bounds; these are the kit's:
 * below 50 is low, below 80 medium, 80 and above high.
 */
export const SCORE_THRESHOLDS = { medium: 50, high: 80 } as const;

export function scoreLevel(score: number): ScoreLevel {
  if (score < SCORE_THRESHOLDS.medium) return 'low';
  if (score < SCORE_THRESHOLDS.high) return 'medium';
  return 'high';
}

export function isScoreRingCode(code: string): code is ScoreRingCode {
  // No base code starts with G, so a leading G always marks the gradient variant.
  const base = code.startsWith('G') ? code.slice(1) : code;
  return (VISIT_STATUS_CODES as readonly string[]).includes(base);
}

/** A code without its gradient prefix: GA → A, Ghas-visit → has-visit; A stays A. */
function baseCode(code: ScoreRingCode): VisitStatusCode {
  return (code.startsWith('G') ? code.slice(1) : code) as VisitStatusCode;
}

type ScoreProps = { score: number; code?: never; labels?: never };
type CodeProps = {
  code: ScoreRingCode;
  /** What each code means, as the product configures it; a G code falls back to its base code's label. */
  labels?: Partial<Record<ScoreRingCode, string>>;
  score?: never;
};
export type ScoreRingProps = (ScoreProps | CodeProps) & { size?: ScoreRingSize };

const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const LEVEL_CLASSES: Record<ScoreLevel, string | undefined> = { low: styles.levelLow, medium: styles.levelMedium, high: styles.levelHigh };

/**
 * A circular score display (spec §2.4, §3): a score from 0 to 100 as a ring filled to that share and
 * coloured low/medium/high, or a visit-status code as a filled disc (a gradient for the G variants).
 */
export function ScoreRing(props: ScoreRingProps) {
  const size = props.size ?? 'medium';
  if (props.code !== undefined) return <StatusDisc code={props.code} labels={props.labels} size={size} />;

  const score = Math.round(Math.min(100, Math.max(0, Number.isFinite(props.score) ? props.score : 0)));
  const level = scoreLevel(score);
  return (
    <span role="img" aria-label={`Score ${score} of 100`} className={[styles.ring, styles[size], LEVEL_CLASSES[level]].join(' ')}>
      <svg viewBox="0 0 100 100" aria-hidden="true" className={styles.svg}>
        <circle className={styles.track} cx="50" cy="50" r={RADIUS} />
        <circle className={styles.arc} cx="50" cy="50" r={RADIUS} strokeDasharray={CIRCUMFERENCE} strokeDashoffset={CIRCUMFERENCE * (1 - score / 100)} />
      </svg>
      <span className={styles.text} aria-hidden="true">
        {score}
      </span>
    </span>
  );
}

function StatusDisc({ code, labels, size }: { code: ScoreRingCode; labels?: Partial<Record<ScoreRingCode, string>>; size: ScoreRingSize }) {
  const base = baseCode(code);
  const gradient = code !== base;
  const label = labels?.[code] ?? labels?.[base] ?? base;
  const classes = [styles.ring, styles.disc, styles[size], styles[`code-${base}`], gradient ? styles.gradient : ''].join(' ');
  return (
    <span role="img" aria-label={`Visit status: ${label}`} title={label} className={classes} data-code={code}>
      <span className={styles.text} aria-hidden="true">
        {base === 'has-visit' ? '' : base}
      </span>
    </span>
  );
}
