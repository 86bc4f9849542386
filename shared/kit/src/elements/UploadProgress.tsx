import { useId } from 'react';
import styles from './UploadProgress.module.css';

export type UploadProgressProps = {
  label: string;
  /** 0–100; null while the size is unknown (an indeterminate bar). */
  percent: number | null;
};

/** An upload progress bar (issue 4: "an upload progress bar"): a labelled <progress> with the percentage as text. */
export function UploadProgress({ label, percent }: UploadProgressProps) {
  const id = useId();
  const value = percent === null ? null : Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <progress id={id} className={styles.bar} max={100} value={value ?? undefined} />
        <span className={styles.percent} aria-hidden="true">
          {value === null ? '…' : `${value}%`}
        </span>
      </div>
    </div>
  );
}
