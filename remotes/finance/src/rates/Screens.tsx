import { useLocation } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { ResourceRoutes } from '@hcm/kit/resources';
import { withPoundsInputs } from '../../contract/money';
import { SHORTEST_BAND_RULE } from '../../contract/rates/charge';
import { minimumWageRates, rateCardRules, rateCards } from '../../contract/rates/resources';
import styles from './rates.module.css';
import { TryRateCard } from './TryRateCard';

// Money is typed in pounds on these forms and sent as integer pence, the only money the API takes.
const CARDS: ResourceSpec = withPoundsInputs(rateCards);
const RULES: ResourceSpec = withPoundsInputs(rateCardRules);
const MINIMUM_WAGES: ResourceSpec = withPoundsInputs(minimumWageRates);

/** The pricing rules in words, under the list of cards (the README says them the same way). */
function PricingRules() {
  return (
    <section className={styles.rules} aria-labelledby="pricing-rules">
      <h2 id="pricing-rules">How a card prices a call</h2>
      <ul>
        <li>Billed minutes follow the funder’s basis (planned, actual, planned as a minimum, or actual capped at planned), rounded to the card’s increment.</li>
        <li>Hourly cards: the billed minutes at the hourly rule for the day and start time (special date, bank holiday, day of the week, weekday or weekend, any day).</li>
        <li>Fixed-price cards: {SHORTEST_BAND_RULE}</li>
        <li>A minimum charge raises a call’s care charge per carer to it; the invoice’s Rate column says so, and shows the rate and band actually used.</li>
        <li>A funder has one card in force on a day: a card whose dates overlap another of the funder’s is refused, unless it is saved with “End the funder’s earlier card the day before this one starts”.</li>
      </ul>
    </section>
  );
}

/**
 * /app/finance/rate-cards (the list with the pricing rules and "Try a rate card" under it, add, and edit with the
 * card's hourly rules as a list of their own) and /app/finance/minimum-wage-rates, from the resource declarations.
 * The area mounts both paths on this module.
 */
export default function RateScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith(appPathOf(MINIMUM_WAGES))) return <ResourceRoutes spec={MINIMUM_WAGES} basePath={appPathOf(MINIMUM_WAGES)} />;
  const basePath = appPathOf(CARDS);
  const routes = <ResourceRoutes spec={CARDS} basePath={basePath} nestedSpecs={[RULES]} />;
  if (pathname.replace(/\/$/, '') !== basePath) return routes;
  return (
    <div className={styles.screen}>
      {routes}
      <PricingRules />
      <TryRateCard />
    </div>
  );
}
