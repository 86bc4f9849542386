import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ErrorPanel, Loading } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { reviewLabel, type ReviewItem } from './model';
import styles from './documents.module.css';
import { formatDate } from '@hcm/contract/format';

export type ReviewListProps = {
  /** The reviews' API path, e.g. `clients/documents/reviews` (under api/v1 unless it starts with api/). */
  path: string;
  /** Where a review's document opens, e.g. (review) => `/app/clients/${review.owner_id}/${review.kind}`. */
  linkTo: (review: ReviewItem) => string;
  /** What the owners are called in the table's header: 'Client', 'Carer'. */
  ownerHeading?: string;
  /** Which lists to show; both by default, overdue first. */
  states?: readonly ('overdue' | 'due')[];
};

const HEADINGS = { overdue: 'Reviews overdue', due: 'Reviews due in the next 14 days' } as const;

function ReviewTable({ path, state, linkTo, ownerHeading }: Required<Pick<ReviewListProps, 'path' | 'linkTo' | 'ownerHeading'>> & { state: 'overdue' | 'due' }) {
  const apiPath = path.replace(/^\/+/, '').startsWith('api/') ? path.replace(/^\/+/, '') : `api/v1/${path.replace(/^\/+/, '')}`;
  const reviews = useApiQuery<ReviewItem[]>(apiPath, { state }, { failure: 'The reviews could not be loaded.' });
  const headingId = `${useId()}-${state}`;
  return (
    <section className={styles.reviews} aria-labelledby={headingId}>
      <h2 id={headingId}>{HEADINGS[state]}</h2>
      {!reviews.data && reviews.error ? (
        <ErrorPanel title={`${HEADINGS[state]} could not be loaded`} onRetry={() => void reviews.refetch()}>
          {reviews.error.message}
        </ErrorPanel>
      ) : !reviews.data ? (
        <Loading label="Loading the reviews…" />
      ) : reviews.data.length === 0 ? (
        <p className={styles.hint}>{state === 'overdue' ? 'No reviews are overdue.' : 'No reviews are due in the next 14 days.'}</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.listTable}>
            <caption className={styles.visuallyHidden}>{HEADINGS[state]}, soonest first</caption>
            <thead>
              <tr>
                <th scope="col">{ownerHeading}</th>
                <th scope="col">Document</th>
                <th scope="col">Review date</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {reviews.data.map((review) => (
                <tr key={review.id}>
                  <td>{review.owner_name}</td>
                  <td>
                    <Link to={linkTo(review)}>
                      {review.title}
                      <span className={styles.visuallyHidden}> for {review.owner_name}</span>
                    </Link>
                  </td>
                  <td>
                    <time dateTime={review.review_date}>{formatDate(review.review_date)}</time>
                  </td>
                  <td>
                    <span className={styles.reviewBadge} data-state={review.review_state}>
                      {reviewLabel(review.review_state)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The documents whose review is overdue or due soon, across the owners the user sees, each linking to it. */
export function ReviewList({ path, linkTo, ownerHeading = 'Client', states = ['overdue', 'due'] }: ReviewListProps) {
  return (
    <div className={styles.reviewLists}>
      {states.map((state) => (
        <ReviewTable key={state} path={path} state={state} linkTo={linkTo} ownerHeading={ownerHeading} />
      ))}
    </div>
  );
}
