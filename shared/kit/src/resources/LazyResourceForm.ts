import { lazyScreen } from '@hcm/kit/routing';
import type { ResourceFormProps } from './ResourceForm';

/**
 * The add/edit screen, loaded on first use: forms bring react-hook-form and the form fields, which a list
 * screen (an area's usual first screen) does not need.
 */
export const ResourceForm = lazyScreen<ResourceFormProps>(() => import('./ResourceForm'));
