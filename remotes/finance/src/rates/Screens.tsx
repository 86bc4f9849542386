import { useLocation } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { ResourceRoutes } from '@hcm/kit/resources';
import { minimumWageRates, rateCardRules, rateCards } from '../../contract/rates/resources';

const CARDS: ResourceSpec = rateCards;
const RULES: ResourceSpec = rateCardRules;
const MINIMUM_WAGES: ResourceSpec = minimumWageRates;

/**
 * /app/finance/rate-cards (the list, add, and edit with the card's hourly rules as a list of their own) and
 * /app/finance/minimum-wage-rates, from the resource declarations. The area mounts both paths on this module.
 */
export default function RateScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith(appPathOf(MINIMUM_WAGES))) return <ResourceRoutes spec={MINIMUM_WAGES} basePath={appPathOf(MINIMUM_WAGES)} />;
  return <ResourceRoutes spec={CARDS} basePath={appPathOf(CARDS)} nestedSpecs={[RULES]} />;
}
