// Screens loaded by name from the router (admin(name)).
export { EmailTemplatesScreen } from './email-templates.tsx';
