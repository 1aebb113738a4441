import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerPageMessages } from './lib/i18n/build-catalogues';
import { translateDashboardFieldMessage } from './lib/i18n/dashboard-field-messages';
import { addFieldMessages } from './lib/i18n/field-messages';
import { activateLanguage } from './lib/i18n/i18n';
import { startingLanguage } from './lib/i18n/person-language';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerPageMessages();
addFieldMessages(translateDashboardFieldMessage);
// The first screen is drawn in its language: its catalogue arrives first (a failed load draws the
// screen anyway; I18nProvider then tries English).
void activateLanguage(startingLanguage())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
