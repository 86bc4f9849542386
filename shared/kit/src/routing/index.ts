// Router-bound parts of the kit, a shared module of its own: the login screen loads the kit's core
// without react-router, which arrives only with the signed-in application.
export { ButtonLink } from './ButtonLink';
export { AreaHome } from './AreaHome';
export { AreaRoutes } from './AreaRoutes';
export { lazyScreen } from './lazyScreen';
export { Extension } from './Extension';
