import { configure } from '@testing-library/react';
import { translateDashboardFieldMessage } from '../lib/i18n/dashboard-field-messages';
import { addFieldMessages } from '../lib/i18n/field-messages';
import { i18n } from '../lib/i18n/i18n';

// The web units share two cores with the server suite in `npm test`: under that load a screen
// can take longer than testing-library's default second to settle, without anything being wrong.
configure({ asyncUtilTimeout: 4_000 });

// Screens speak English in the units, from the catalogues' own files (compiled as they load).
const english = import.meta.glob<Record<string, string>>('../**/messages/en.json', {
  eager: true,
  import: 'default',
});
i18n.loadAndActivate({ locale: 'en', messages: Object.assign({}, ...Object.values(english)) });

// The units render the dashboard's screens beside the guest's: every field message, as main.tsx adds them.
addFieldMessages(translateDashboardFieldMessage);
