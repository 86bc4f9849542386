import type { DocumentResult } from '@hcm/contract/documents';
import { LEVEL_LABELS, resultValueText } from './model';
import styles from './documents.module.css';

// The figures a document works out (a MUST score, a Waterlow total, a BMI), each with its band, its level
// in words and in colour (never colour alone), and what the band calls for.

export function ResultsPanel({ results, title = 'Results', live = false, total }: { results: readonly DocumentResult[]; title?: string; live?: boolean; total?: number | null }) {
  return (
    <section className={styles.results} aria-label={title}>
      <h3 className={styles.resultsTitle}>{title}</h3>
      <div aria-live={live ? 'polite' : undefined}>
        {total !== undefined && total !== null ? (
          <p className={styles.total}>
            Total score: <strong>{total}</strong>
          </p>
        ) : null}
        {results.length === 0 ? (
          <p className={styles.hint}>Nothing worked out yet.</p>
        ) : (
          <ul className={styles.resultList}>
            {results.map((result) => (
              <li key={result.key} className={styles.result} data-level={result.level ?? 'none'}>
                <p className={styles.resultHead}>
                  <span className={styles.resultLabel}>{result.label}:</span> <strong>{resultValueText(result)}</strong>
                  {result.band ? <span className={styles.band}> — {result.band}</span> : null}
                </p>
                {result.level ? (
                  <p className={styles.level}>
                    <span className={styles.levelBadge} data-level={result.level}>
                      Level: {LEVEL_LABELS[result.level]}
                    </span>
                  </p>
                ) : null}
                {result.actions?.length ? (
                  <>
                    <p className={styles.actionsTitle}>What to do</p>
                    <ul className={styles.actionList}>
                      {result.actions.map((action) => (
                        <li key={action}>{action}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
