import { configure } from '@testing-library/react';

// The web units share two cores with the server suite in `npm test`: under that load a screen
// can take longer than testing-library's default second to settle, without anything being wrong.
configure({ asyncUtilTimeout: 4_000 });
