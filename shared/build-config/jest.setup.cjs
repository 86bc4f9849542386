require('@testing-library/jest-dom');

// findBy… and waitFor wait up to this long for the screen to show what a test expects (Testing Library's default is
// one second). A ceiling, not a measure: on a busy machine (`npm test` runs the suites side by side) a screen can
// take longer than a second to settle, and the test should still pass.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
