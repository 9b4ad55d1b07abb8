// What runs outside the app: the first start fills in every setting's placeholder (bootstrap.ts).
export { ensureSettingDefaults } from './settings.repository.ts';
