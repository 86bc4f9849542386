// What the care-records area declares, read by its screens (src/) and its API module (server/).
export { CLIENT_RESOURCES, clientContacts, clientMedications, clients, healthProfessionals, isValidNhsNumber } from './resources.js';
